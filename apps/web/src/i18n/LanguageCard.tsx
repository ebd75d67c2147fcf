import { Card, CardContent, Typography } from "@mui/material";
import { FormattedMessage } from "react-intl";
import { LanguageSwitch } from "./LanguageSwitch";

/** The account page's language choice, kept on the person's account. */
export function LanguageCard() {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          <FormattedMessage id="language.label" />
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          <FormattedMessage id="language.explained" />
        </Typography>
        <LanguageSwitch />
      </CardContent>
    </Card>
  );
}
