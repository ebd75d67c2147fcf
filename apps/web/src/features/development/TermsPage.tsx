import Add from "@mui/icons-material/Add";
import { Box, Button, Card, Link, Stack, Typography } from "@mui/material";
import { may } from "@sprout/shared/access";
import type { Term } from "@sprout/shared/schemas/development/assessments";
import { useEffect, useState } from "react";
import { Link as RouterLink, useNavigate } from "react-router";
import { refusalMessage } from "../../api/errors";
import { useSignedInUser } from "../../auth/useSession";
import { CentrePicker } from "../../components/CentrePicker";
import { type Column, PagedTable } from "../../components/PagedTable/PagedTable";
import { usePaging } from "../../components/PagedTable/usePaging";
import { formatDate } from "../../format";
import { useSay } from "../../i18n/useSay";
import { useCentres } from "../children/api";
import { OpenTermDialog } from "./AssessmentDialogs";
import { useTerms } from "./assessments-api";

/** Terms of assessments: the list, and "Open a term" for coordinators and leaders. */
export function TermsPage() {
  const say = useSay();
  const user = useSignedInUser();
  const navigate = useNavigate();
  const centres = useCentres();
  const [centerId, setCenterId] = useState("");
  const [opening, setOpening] = useState(false);
  const paging = usePaging(10);
  const terms = useTerms(centerId, paging.query);
  const mayOpen = may(user.role, "assessments.openTerm");

  useEffect(() => {
    const first = centres.data?.[0];
    if (first && !centerId) setCenterId(first.id);
  }, [centres.data, centerId]);

  const dates = (term: Term) =>
    say("development.assess.termDates", { from: formatDate(term.starts_on), to: formatDate(term.ends_on) });
  const columns: Column<Term>[] = [
    {
      header: say("development.assess.termName"),
      cell: (term) => (
        <Link component={RouterLink} to={`/development/terms/${term.id}`}>
          {term.name}
        </Link>
      ),
    },
    { header: say("development.assess.dates"), cell: dates, nowrap: true },
    {
      header: say("development.assess.classrooms"),
      cell: (term) => term.classrooms.map((room) => room.name).join(", "),
    },
    { header: say("development.assess.framework"), cell: (term) => term.framework_name },
  ];

  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ justifyContent: "space-between" }}>
        <Box>
          <Typography variant="h4" component="h1">
            {say("development.assess.termsTitle")}
          </Typography>
          <Typography color="text.secondary">{say("development.assess.termsIntro")}</Typography>
        </Box>
        {mayOpen && (
          <Box sx={{ flexShrink: 0 }}>
            <Button
              variant="contained"
              startIcon={<Add />}
              onClick={() => setOpening(true)}
              disabled={!centerId}
              sx={{ whiteSpace: "nowrap" }}
            >
              {say("development.assess.openTerm")}
            </Button>
          </Box>
        )}
      </Stack>
      {(centres.data?.length ?? 0) > 1 && (
        <CentrePicker
          centres={centres.data ?? []}
          value={centerId}
          onChange={(next) => {
            setCenterId(next);
            paging.restart();
          }}
          label={say("development.assess.centre")}
        />
      )}
      <Card variant="outlined">
        <PagedTable
          label={say("development.assess.termsTitle")}
          columns={columns}
          rowKey={(term) => term.id}
          card={(term) => (
            <Stack spacing={0.5}>
              <Link component={RouterLink} to={`/development/terms/${term.id}`} variant="subtitle1">
                {term.name}
              </Link>
              <Typography variant="body2">{dates(term)}</Typography>
              <Typography variant="body2" color="text.secondary">
                {term.classrooms.map((room) => room.name).join(", ")} · {term.framework_name}
              </Typography>
            </Stack>
          )}
          page={terms.data && { rows: terms.data.terms, pagination: terms.data.pagination }}
          paging={paging}
          loading={terms.isLoading}
          error={terms.isError ? refusalMessage(terms.error, say("development.assess.loadFailed")) : undefined}
          empty={say(mayOpen ? "development.assess.noTermsOpen" : "development.assess.noTerms")}
        />
      </Card>
      {opening && centerId && (
        <OpenTermDialog
          centerId={centerId}
          onClose={() => setOpening(false)}
          onOpened={(id) => {
            setOpening(false);
            navigate(`/development/terms/${id}`);
          }}
        />
      )}
    </Stack>
  );
}
