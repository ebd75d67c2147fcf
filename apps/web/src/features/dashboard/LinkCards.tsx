import type { SvgIconComponent } from "@mui/icons-material";
import { Box, Button, Card, CardActions, CardContent, Grid, Stack, Typography } from "@mui/material";
import type { MessageId } from "@sprout/shared/i18n/catalogues";
import { english } from "@sprout/shared/i18n/english";
import { canOpen } from "@sprout/shared/navigation";
import type { Role } from "@sprout/shared/roles";
import { Link as RouterLink } from "react-router";
import { useSay } from "../../i18n/useSay";

export interface LinkCard {
  title: MessageId;
  description: MessageId;
  to: string;
  icon: SvgIconComponent;
}

/** Business Management (owner) and System Management (super admin): cards to pages the role can open. */
export function LinkCards({ titleId, cards, role }: { titleId: MessageId; cards: readonly LinkCard[]; role: Role }) {
  const say = useSay();
  const open = cards.filter((card) => canOpen(role, card.to));
  if (open.length === 0) return null;
  // The heading's id stays the English one whatever the language.
  const id = `${english(titleId).toLowerCase().replaceAll(" ", "-")}-heading`;
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 2 }}>
        {say(titleId)}
      </Typography>
      <Grid container spacing={2}>
        {open.map(({ title: cardTitle, description, to, icon: Icon }) => (
          <Grid key={cardTitle} size={{ xs: 12, sm: 6, lg: 12 / Math.min(open.length, 5) }}>
            <Card variant="outlined" sx={{ height: "100%", display: "flex", flexDirection: "column" }}>
              <CardContent sx={{ flexGrow: 1 }}>
                <Stack spacing={1}>
                  <Icon color="primary" aria-hidden />
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                    {say(cardTitle)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {say(description)}
                  </Typography>
                </Stack>
              </CardContent>
              <CardActions>
                <Button
                  component={RouterLink}
                  to={to}
                  size="small"
                  aria-label={say("dashboard.openCard", { title: say(cardTitle) })}
                >
                  {say("dashboard.open")}
                </Button>
              </CardActions>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
