import { List, ListItem, ListItemText, Paper, Stack, Typography } from "@mui/material";
import type { InvoiceDetail } from "@sprout/shared/schemas/billing";
import { formatCurrency, formatDate } from "../../format";
import { useSay } from "../../i18n/useSay";

/**
 * The credit notes that corrected an invoice (number, date, reason, amount) and what they took
 * off, for the invoice page. Shows nothing when the invoice has none.
 */
export function CreditNotesSection({ invoice }: { invoice: InvoiceDetail }) {
  const say = useSay();
  if (invoice.credit_notes.length === 0) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={say("creditNotes.sectionTitle")}>
      <Stack direction="row" justifyContent="space-between" alignItems="baseline">
        <Typography variant="h6" component="h2">
          {say("creditNotes.sectionTitle")}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {say("creditNotes.totalCredited", { amount: formatCurrency(invoice.amount_credited) })}
        </Typography>
      </Stack>
      <List dense disablePadding>
        {invoice.credit_notes.map((note) => (
          <ListItem
            key={note.id}
            disableGutters
            secondaryAction={<Typography>{formatCurrency(note.total_amount)}</Typography>}
          >
            <ListItemText
              primary={`${note.credit_note_number} · ${formatDate(note.issue_date)}`}
              secondary={note.reason}
            />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
