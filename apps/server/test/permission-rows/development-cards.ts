import { type AreaRows, NO_ID } from "../matrix.ts";

/** The progress card's routes of the permission matrix (issue 36, points 4 and 5). */
const rows: AreaRows = ({ ids }) => {
  const cards = ids.developmentCards;
  const card = (id: string, tail = "") => `/api/progress-cards/${id}${tail}`;
  const page = { answers: { my_child_enjoys: "Drawing with chalk" } };
  return [
    {
      route: "GET /api/children/:id/progress-cards",
      url: `/api/children/${ids.parentChild}/progress-cards`,
      foreign: `/api/children/${ids.otherStudent}/progress-cards`,
      family: `/api/children/${ids.otherFamilyChild}/progress-cards`,
      otherRoom: `/api/children/${ids.otherRoomStudent}/progress-cards`,
    },
    {
      route: "GET /api/progress-cards/:assessmentId",
      url: card(cards.parentChildCard),
      foreign: card(cards.otherCentreCard),
      family: card(cards.otherFamilyCard),
      otherRoom: card(cards.otherRoomCard),
    },
    {
      route: "GET /api/progress-cards/:assessmentId/pdf",
      url: card(cards.parentChildCard, "/pdf?shade=grey"),
      foreign: card(cards.otherCentreCard, "/pdf"),
      family: card(cards.otherFamilyCard, "/pdf"),
      otherRoom: card(cards.otherRoomCard, "/pdf"),
    },
    {
      route: "GET /api/progress-cards/:assessmentId/photos/:itemId",
      url: card(cards.parentChildCard, `/photos/${NO_ID}`),
      status: 404,
      foreign: card(cards.otherCentreCard, `/photos/${NO_ID}`),
      family: card(cards.otherFamilyCard, `/photos/${NO_ID}`),
      otherRoom: card(cards.otherRoomCard, `/photos/${NO_ID}`),
    },
    {
      route: "PUT /api/progress-cards/:assessmentId/parent-page",
      url: card(cards.parentChildCard, "/parent-page"),
      payload: page,
      foreign: card(cards.otherCentreCard, "/parent-page"),
      family: card(cards.otherFamilyCard, "/parent-page"),
    },
    {
      route: "POST /api/progress-cards/:assessmentId/acknowledge",
      url: card(cards.parentChildCard, "/acknowledge"),
      foreign: card(cards.otherCentreCard, "/acknowledge"),
      family: card(cards.otherFamilyCard, "/acknowledge"),
    },
    {
      route: "GET /api/development/terms/:id/acknowledgements",
      url: `/api/development/terms/${cards.homeCardTerm}/acknowledgements?state=pending`,
      foreign: `/api/development/terms/${cards.otherCardTerm}/acknowledgements`,
      otherRoom: `/api/development/terms/${cards.homeCardTerm}/acknowledgements?classroom_id=${ids.otherRoomClassroom}`,
    },
    {
      route: "GET /api/children/:id/development-progress",
      url: `/api/children/${ids.parentChild}/development-progress`,
      foreign: `/api/children/${ids.otherStudent}/development-progress`,
      family: `/api/children/${ids.otherFamilyChild}/development-progress`,
      otherRoom: `/api/children/${ids.otherRoomStudent}/development-progress`,
    },
    {
      route: "GET /api/development/terms/:id/distribution",
      url: `/api/development/terms/${cards.homeCardTerm}/distribution`,
      foreign: `/api/development/terms/${cards.otherCardTerm}/distribution`,
      otherRoom: `/api/development/terms/${cards.homeCardTerm}/distribution?classroom_id=${ids.otherRoomClassroom}`,
    },
  ];
};
export default rows;
