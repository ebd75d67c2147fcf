import Translate from "@mui/icons-material/Translate";
import { Alert, InputAdornment, MenuItem, Stack, TextField } from "@mui/material";
import { LANGUAGE_CODES, LANGUAGES, languageSchema } from "@sprout/shared/i18n/languages";
import { useIntl } from "react-intl";
import { useLanguage } from "./LanguageProvider";

/** The language switch of the sign-in page and the account page; each language named in itself. */
export function LanguageSwitch({ fullWidth = false }: { fullWidth?: boolean }) {
  const intl = useIntl();
  const { language, choose, saveFailed } = useLanguage();
  return (
    <Stack spacing={1} sx={{ alignItems: "flex-start" }}>
      <TextField
        select
        size="small"
        fullWidth={fullWidth}
        label={intl.formatMessage({ id: "language.label" })}
        value={language}
        onChange={(event) => choose(languageSchema.parse(event.target.value))}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Translate fontSize="small" aria-hidden />
              </InputAdornment>
            ),
          },
        }}
        sx={{ minWidth: 180 }}
      >
        {LANGUAGE_CODES.map((code) => (
          <MenuItem key={code} value={code} lang={LANGUAGES[code].locale}>
            {LANGUAGES[code].name}
          </MenuItem>
        ))}
      </TextField>
      {saveFailed && <Alert severity="error">{intl.formatMessage({ id: "language.saveFailed" })}</Alert>}
    </Stack>
  );
}
