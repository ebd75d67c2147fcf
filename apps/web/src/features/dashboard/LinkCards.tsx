import type { SvgIconComponent } from "@mui/icons-material";
import { Box, Button, Card, CardActions, CardContent, Grid, Stack, Typography } from "@mui/material";
import { canOpen } from "@sprout/shared/navigation";
import type { Role } from "@sprout/shared/roles";
import { Link as RouterLink } from "react-router";

export interface LinkCard {
  title: string;
  description: string;
  to: string;
  icon: SvgIconComponent;
}

/** Business Management (owner) and System Management (super admin): cards to pages the role can open. */
export function LinkCards({ title, cards, role }: { title: string; cards: readonly LinkCard[]; role: Role }) {
  const open = cards.filter((card) => canOpen(role, card.to));
  if (open.length === 0) return null;
  const id = `${title.toLowerCase().replaceAll(" ", "-")}-heading`;
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Grid container spacing={2}>
        {open.map(({ title: cardTitle, description, to, icon: Icon }) => (
          <Grid key={cardTitle} size={{ xs: 12, sm: 6, lg: 12 / Math.min(open.length, 5) }}>
            <Card variant="outlined" sx={{ height: "100%", display: "flex", flexDirection: "column" }}>
              <CardContent sx={{ flexGrow: 1 }}>
                <Stack spacing={1}>
                  <Icon color="primary" aria-hidden />
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                    {cardTitle}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {description}
                  </Typography>
                </Stack>
              </CardContent>
              <CardActions>
                <Button component={RouterLink} to={to} size="small" aria-label={`Open ${cardTitle}`}>
                  Open
                </Button>
              </CardActions>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
