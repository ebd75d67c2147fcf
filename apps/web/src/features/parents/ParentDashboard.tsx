import ChildCare from "@mui/icons-material/ChildCare";
import Receipt from "@mui/icons-material/Receipt";
import {
  Alert,
  Avatar,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  Grid,
  LinearProgress,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import type { SessionUser } from "@sprout/shared/schemas/auth";
import type { ParentChild } from "@sprout/shared/schemas/parents";
import { Suspense, useDeferredValue, useMemo, useState } from "react";
import { useIntl } from "react-intl";
import { Link as RouterLink } from "react-router";
import { InBackground } from "../../components/InBackground";
import { lazyNow } from "../../components/lazyNow";
import { formatLongDate } from "../../format";
import { useParentDay } from "../attendance/api";
import { ParentToday } from "../attendance/ParentToday";
import { LinkRequests } from "./LinkRequests";
import { useLinkRequests } from "./useLinkRequests";
import { readCachedChildren, useMyChildren } from "./useMyChildren";

// The tiles read six other areas: their code downloads with this page but runs apart from it, so
// that neither is one long task on a phone. The pick-up card, with its form, likewise.
const ParentTiles = lazyNow(async () => (await import("../child-day/ParentTiles")).ParentTiles);
const PickupPeopleCard = lazyNow(async () => (await import("../attendance/PickupPeopleCard")).PickupPeopleCard);

const fullName = (child: ParentChild) => `${child.first_name} ${child.last_name}`.trim();

/** The parent's home: a greeting, the child selector (only for more than one child) and a card per child. */
export function ParentDashboard({ user }: { user: SessionUser }) {
  const query = useMyChildren();
  const intl = useIntl();
  const requests = useLinkRequests();
  const day = useParentDay();
  // The sections appear together once the calls that shape the top of the page have answered, so
  // that none of them pushes the others down afterwards; a phone renders them in the background.
  const answered = useDeferredValue(!query.isPending && !requests.isPending && !day.isPending);
  // When the call fails, the children cached by the last good answer stand in (spec).
  const cached = useMemo(() => (query.isError ? readCachedChildren() : null), [query.isError]);
  const children = query.data ?? cached ?? [];
  const [chosenId, setChosenId] = useState<string | null>(null);
  const selected = children.find((child) => child.id === chosenId) ?? children[0];

  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={2}
        sx={{ justifyContent: "space-between", alignItems: { xs: "stretch", sm: "flex-end" } }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ fontSize: { xs: "1.75rem", sm: "2.125rem" } }}>
            {user.fullName
              ? intl.formatMessage({ id: "parentHome.welcomeName" }, { name: user.fullName })
              : intl.formatMessage({ id: "parentHome.welcome" })}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {formatLongDate(new Date())}
          </Typography>
        </Box>
        {answered && children.length > 1 && selected && (
          <TextField
            select
            label={intl.formatMessage({ id: "parentHome.child" })}
            value={selected.id}
            onChange={(event) => setChosenId(event.target.value)}
            sx={{ minWidth: { sm: 240 } }}
            slotProps={{ select: { inputProps: { "aria-label": intl.formatMessage({ id: "parentHome.child" }) } } }}
          >
            {children.map((child) => (
              <MenuItem key={child.id} value={child.id}>
                {fullName(child)}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>

      {!answered && <LinearProgress aria-label={intl.formatMessage({ id: "parentHome.loading" })} />}
      {answered && (
        <>
          {/* First, so that a parent sees at once that the cards below may be out of date. */}
          {query.isError && <Alert severity="error">{intl.formatMessage({ id: "parentHome.loadError" })}</Alert>}
          {query.isSuccess && children.length === 0 && (
            <Alert severity="info">{intl.formatMessage({ id: "parentHome.noChildren" })}</Alert>
          )}
          <LinkRequests requests={requests} />
          <ParentToday day={day} />
          {/* A phone builds the page top down, a section per background render, rather than in
              one long task; each lands below the last (one whose code is still downloading holds
              back those under it), so nothing on screen moves. */}
          <InBackground>
            {selected && <ParentTiles childId={selected.id} childName={selected.first_name} />}
            <InBackground>
              {/* The card and the section under it appear together, so that neither moves the other. */}
              <Suspense fallback={null}>
                {selected && <PickupPeopleCard studentId={selected.id} childName={selected.first_name} />}

                {children.length > 0 && (
                  <Box component="section" aria-labelledby="my-children-heading">
                    <Typography id="my-children-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
                      {intl.formatMessage({ id: "parentHome.yourChildren" }, { count: children.length })}
                    </Typography>
                    <Grid container spacing={2}>
                      {children.map((child) => (
                        <Grid key={child.id} size={{ xs: 12, sm: 6, lg: 4 }}>
                          <ChildCard child={child} selected={children.length > 1 && child.id === selected?.id} />
                        </Grid>
                      ))}
                    </Grid>
                  </Box>
                )}
              </Suspense>
            </InBackground>
          </InBackground>
        </>
      )}
    </Stack>
  );
}

function ChildCard({ child, selected }: { child: ParentChild; selected: boolean }) {
  const name = fullName(child);
  const intl = useIntl();
  return (
    <Card
      component="article"
      aria-label={name}
      aria-current={selected ? "true" : undefined}
      data-testid="child-card"
      variant="outlined"
      sx={{
        height: "100%",
        display: "flex",
        flexDirection: "column",
        borderWidth: 2,
        borderColor: selected ? "primary.main" : "divider",
      }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
          <Avatar sx={{ bgcolor: "primary.main", width: 48, height: 48 }} aria-hidden>
            {child.first_name.charAt(0) || <ChildCare />}
          </Avatar>
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            <Typography variant="h6" component="h3" sx={{ lineHeight: 1.3, overflowWrap: "anywhere" }}>
              {name}
            </Typography>
          </Box>
        </Stack>
        <Box
          component="dl"
          sx={{ m: 0, mt: 2, display: "grid", gridTemplateColumns: "auto 1fr", columnGap: 2, rowGap: 0.5 }}
        >
          <Typography component="dt" variant="body2" color="text.secondary">
            {intl.formatMessage({ id: "parentHome.classroom" })}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {child.classroom_name ?? intl.formatMessage({ id: "parentHome.noClassroom" })}
          </Typography>
          <Typography component="dt" variant="body2" color="text.secondary">
            {intl.formatMessage({ id: "parentHome.centre" })}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {child.center_name}
          </Typography>
        </Box>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, justifyContent: "space-between" }}>
        <Button
          component={RouterLink}
          to={`/billing?child=${child.id}`}
          variant="outlined"
          startIcon={<Receipt />}
          aria-label={intl.formatMessage({ id: "parentHome.invoicesFor" }, { name })}
          sx={{ minHeight: 44 }}
        >
          {intl.formatMessage({ id: "parentHome.invoices" })}
        </Button>
        {selected && <Chip label={intl.formatMessage({ id: "parentHome.selected" })} size="small" color="primary" />}
      </CardActions>
    </Card>
  );
}
