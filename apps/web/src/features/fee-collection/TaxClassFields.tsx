import { MenuItem, Stack, TextField } from "@mui/material";
import {
  COMMON_TAX_ITEM_LABEL_IDS,
  COMMON_TAX_ITEMS,
  GST_RATES,
  type GstRate,
} from "@sprout/shared/schemas/fee-collection/tax";
import { useSay } from "../../i18n/useSay";

interface Props {
  sacCode: string;
  gstRate: GstRate | number;
  onChange: (next: { sac_code: string; gst_rate: GstRate }) => void;
  sacError?: string;
  rateError?: string;
  disabled?: boolean;
}

const CUSTOM = "custom";

/**
 * A fee item's tax class: pick a common item (its usual SAC/HSN code and GST rate fill in) or
 * type the code and choose the rate. Amounts stay tax-inclusive; the invoice works out the tax.
 */
export function TaxClassFields({ sacCode, gstRate, onChange, sacError, rateError, disabled }: Props) {
  const say = useSay();
  const rate = (GST_RATES as readonly number[]).includes(gstRate) ? (gstRate as GstRate) : 0;
  const common = COMMON_TAX_ITEMS.find((item) => item.sac_code === sacCode && item.gst_rate === rate);
  return (
    <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5}>
      <TextField
        select
        size="small"
        label={say("tax.commonItem")}
        value={common?.key ?? CUSTOM}
        disabled={disabled}
        onChange={(event) => {
          const item = COMMON_TAX_ITEMS.find((entry) => entry.key === event.target.value);
          if (item) onChange({ sac_code: item.sac_code, gst_rate: item.gst_rate });
        }}
        sx={{ minWidth: 220, flex: 2 }}
      >
        {COMMON_TAX_ITEMS.map((item) => (
          <MenuItem key={item.key} value={item.key}>
            {say(COMMON_TAX_ITEM_LABEL_IDS[item.key])} · {item.sac_code} ·{" "}
            {say("tax.rateOption", { rate: String(item.gst_rate) })}
          </MenuItem>
        ))}
        <MenuItem value={CUSTOM}>{say("tax.customItem")}</MenuItem>
      </TextField>
      <TextField
        size="small"
        label={say("tax.sacCode")}
        value={sacCode}
        disabled={disabled}
        inputMode="numeric"
        error={Boolean(sacError)}
        helperText={sacError}
        onChange={(event) => onChange({ sac_code: event.target.value.trim(), gst_rate: rate })}
        sx={{ flex: 1, minWidth: 120 }}
      />
      <TextField
        select
        size="small"
        label={say("tax.gstRate")}
        value={rate}
        disabled={disabled}
        error={Boolean(rateError)}
        helperText={rateError}
        onChange={(event) => {
          const next = GST_RATES.find((value) => String(value) === String(event.target.value)) ?? 0;
          onChange({ sac_code: sacCode, gst_rate: next });
        }}
        sx={{ flex: 1, minWidth: 110 }}
      >
        {GST_RATES.map((value) => (
          <MenuItem key={value} value={value}>
            {say("tax.rateOption", { rate: String(value) })}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
