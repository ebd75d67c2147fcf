import { type AreaRows, NO_ID, PDF } from "../matrix.ts";

/**
 * The assignment routes of the permission matrix (issue 16): teachers set work, parents submit.
 * Another centre's work answers 404 to every scoped role.
 */
const rows: AreaRows = ({ ids }) => {
  const work = (title: string) => ({
    fields: { title, description: "Matrix", due_date: "", classroom_id: ids.teacherClassroom },
    files: [{ field: "attachments", name: "sheet.pdf", content: PDF }],
  });
  const other = `/api/assignments/${ids.otherAssignment}`;
  return [
    { route: "GET /api/assignments" },
    {
      route: "POST /api/assignments",
      multipart: true,
      form: () => work("Matrix work"),
      otherRoom: "/api/assignments",
      otherRoomForm: {
        ...work("Another room's work"),
        fields: { ...work("Another room's work").fields, classroom_id: ids.otherRoomClassroom },
      },
    },
    {
      route: "PUT /api/assignments/:id",
      url: `/api/assignments/${ids.homeAssignment}`,
      multipart: true,
      form: () => work("Matrix work, changed"),
      foreign: other,
    },
    {
      route: "DELETE /api/assignments/:id",
      url: `/api/assignments/${NO_ID}`,
      status: 404,
      foreign: other,
    },
    {
      route: "GET /api/assignments/:id/attachments/:fileId",
      url: `/api/assignments/${NO_ID}/attachments/${NO_ID}`,
      status: 404,
      foreign: `${other}/attachments/${NO_ID}`,
    },
    {
      route: "POST /api/assignments/:id/submit",
      url: `/api/assignments/${ids.homeAssignment}/submit`,
      multipart: true,
      form: () => ({ fields: { child_id: ids.parentChild, submission_text: "We counted 12 steps" } }),
      foreign: `${other}/submit`,
    },
    {
      route: "GET /api/assignments/:id/submissions",
      url: `/api/assignments/${NO_ID}/submissions`,
      status: 404,
      foreign: `${other}/submissions`,
    },
    {
      route: "PUT /api/assignments/:id/submissions/:submissionId/comment",
      url: `/api/assignments/${NO_ID}/submissions/${NO_ID}/comment`,
      payload: { comment: "Lovely colours" },
      status: 404,
      foreign: `${other}/submissions/${NO_ID}/comment`,
    },
    {
      route: "GET /api/assignments/:id/submissions/:submissionId/files/:fileId",
      url: `/api/assignments/${NO_ID}/submissions/${NO_ID}/files/${NO_ID}`,
      status: 404,
      foreign: `${other}/submissions/${NO_ID}/files/${NO_ID}`,
    },
  ];
};

export default rows;
