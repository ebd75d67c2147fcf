import AddCard from "@mui/icons-material/AddCard";
import Block from "@mui/icons-material/Block";
import Payments from "@mui/icons-material/Payments";
import PostAdd from "@mui/icons-material/PostAdd";
import ReceiptLong from "@mui/icons-material/ReceiptLong";
import Tune from "@mui/icons-material/Tune";
import { Alert, Box, Button, IconButton, Snackbar, Stack, Tooltip, Typography } from "@mui/material";
import { may } from "@sprout/shared/access";
import { hasAnyFeature } from "@sprout/shared/roles";
import {
  cancelInvoiceRequest,
  type Invoice,
  type InvoiceRequest,
  rejectInvoiceRequest,
} from "@sprout/shared/schemas/billing";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { ApiError } from "../../api/errors";
import { useSignedInUser } from "../../auth/useSession";
import { InvoiceList } from "../../components/InvoiceList/InvoiceList";
import { useSay } from "../../i18n/useSay";
import { useIssueCreditNote } from "../fee-collection/api";
import { CreditNoteDialog } from "../fee-collection/CreditNoteDialog";
import { useBillingMutations } from "./api";
import { GenerateConfirmDialog } from "./GenerateConfirmDialog";
import { PaymentDialog } from "./PaymentDialog";
import { ReasonDialog } from "./ReasonDialog";
import { RequestInvoiceDialog } from "./RequestInvoiceDialog";
import { RequestsTable } from "./RequestsTable";

/** The spec's billing snackbar stays 6 seconds. */
const SNACKBAR_MS = 6000;

const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.hasServerMessage ? error.message : fallback;

/**
 * Billing and Invoice Management: monthly generation behind a confirmation, invoice requests and
 * their approval, the invoice list with payments and cancellation. Parents see their invoices.
 */
export function BillingPage() {
  const user = useSignedInUser();
  const canRequest = hasAnyFeature(user.role, ["billing", "invoice_generation"]);
  const canGenerate = hasAnyFeature(user.role, ["invoice_generation"]);
  const canPay = hasAnyFeature(user.role, ["payment_processing"]);
  const canSeeFees = hasAnyFeature(user.role, ["fee_settings", "billing", "invoice_generation", "payment_processing"]);
  const mutations = useBillingMutations();

  const [snack, setSnack] = useState<{ text: string; severity: "success" | "error" } | null>(null);
  const [confirmGenerate, setConfirmGenerate] = useState(false);
  const [requesting, setRequesting] = useState(false);
  const [rejecting, setRejecting] = useState<InvoiceRequest | null>(null);
  const [paying, setPaying] = useState<Invoice | null>(null);
  const [cancelling, setCancelling] = useState<Invoice | null>(null);
  const [crediting, setCrediting] = useState<Invoice | null>(null);
  const canCredit = may(user.role, "invoices.creditNote");
  const issueCreditNote = useIssueCreditNote();
  const say = useSay();
  const notify = (text: string, severity: "success" | "error" = "success") => setSnack({ text, severity });

  const generate = () => {
    setConfirmGenerate(false);
    mutations.generate.mutate(undefined, {
      onSuccess: (result) => notify(result.message),
      onError: (error) => notify(messageOf(error, say("billing.generateFailed")), "error"),
    });
  };
  const approve = (request: InvoiceRequest) =>
    mutations.approve.mutate(request.id, {
      onSuccess: (result) => notify(result.message),
      onError: (error) => notify(messageOf(error, say("billing.actionFailed")), "error"),
    });

  if (!canRequest && !canPay) {
    return (
      <Stack spacing={3}>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: "1.75rem", sm: "2.125rem" } }}>
          {say("billing.parentTitle")}
        </Typography>
        <InvoiceList title={say("billing.yourInvoices")} />
      </Stack>
    );
  }

  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: "column", lg: "row" }} spacing={2} sx={{ alignItems: { lg: "center" } }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h4" component="h1" sx={{ fontSize: { xs: "1.75rem", sm: "2.125rem" } }}>
            {say("billing.title")}
          </Typography>
          <Typography color="text.secondary">{say("billing.subtitle")}</Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", rowGap: 1 }}>
          {canSeeFees && (
            <Button component={RouterLink} to="/fees" startIcon={<Tune />} variant="text">
              {say("billing.feeManagement")}
            </Button>
          )}
          {canRequest && (
            <Button startIcon={<AddCard />} variant="outlined" onClick={() => setRequesting(true)}>
              {say("billing.requestInvoice")}
            </Button>
          )}
          {canGenerate && (
            <Button
              startIcon={<PostAdd />}
              variant="contained"
              disabled={mutations.generate.isPending}
              onClick={() => setConfirmGenerate(true)}
            >
              {mutations.generate.isPending ? say("billing.generating") : say("billing.generateMonthly")}
            </Button>
          )}
        </Stack>
      </Stack>

      {canRequest && (
        <RequestsTable
          canDecide={canGenerate}
          busy={mutations.approve.isPending || mutations.reject.isPending}
          onApprove={approve}
          onReject={setRejecting}
        />
      )}

      <InvoiceList
        actions={(invoice) =>
          invoice.status === "Pending" || invoice.status === "Overdue" ? (
            <>
              {canPay && (
                <Tooltip title={say("billing.recordPaymentTip")}>
                  <IconButton
                    size="small"
                    color="success"
                    aria-label={say("billing.recordPaymentFor", { number: invoice.invoice_number })}
                    onClick={() => setPaying(invoice)}
                  >
                    <Payments fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
              {canCredit && (
                <Tooltip title={say("creditNotes.issue")}>
                  <IconButton
                    size="small"
                    color="primary"
                    aria-label={say("creditNotes.issueFor", { number: invoice.invoice_number })}
                    onClick={() => setCrediting(invoice)}
                  >
                    <ReceiptLong fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
              {canGenerate && invoice.amount_paid === 0 && (
                <Tooltip title={say("billing.cancelInvoice")}>
                  <IconButton
                    size="small"
                    color="error"
                    aria-label={say("billing.cancelNumber", { number: invoice.invoice_number })}
                    onClick={() => setCancelling(invoice)}
                  >
                    <Block fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
            </>
          ) : null
        }
      />

      <GenerateConfirmDialog open={confirmGenerate} onCancel={() => setConfirmGenerate(false)} onConfirm={generate} />

      <RequestInvoiceDialog
        open={requesting}
        pending={mutations.createRequest.isPending}
        error={
          mutations.createRequest.isError
            ? messageOf(mutations.createRequest.error, say("billing.submitFailed"))
            : undefined
        }
        onClose={() => {
          setRequesting(false);
          mutations.createRequest.reset();
        }}
        onSubmit={(values) =>
          mutations.createRequest.mutate(values, {
            onSuccess: (result) => {
              setRequesting(false);
              notify(result.message);
            },
          })
        }
      />

      <ReasonDialog
        open={rejecting !== null}
        title={say("billing.rejectTitle")}
        text={rejecting ? say("billing.rejectWhy", { name: rejecting.child_name }) : ""}
        confirmLabel={say("billing.reject")}
        schema={rejectInvoiceRequest}
        pending={mutations.reject.isPending}
        onClose={() => setRejecting(null)}
        onConfirm={(reason) => {
          const request = rejecting;
          setRejecting(null);
          if (request)
            mutations.reject.mutate(
              { id: request.id, reason },
              {
                onSuccess: (result) => notify(result.message),
                onError: (error) => notify(messageOf(error, say("billing.actionFailed")), "error"),
              },
            );
        }}
      />

      <ReasonDialog
        open={cancelling !== null}
        title={
          cancelling ? say("billing.cancelNumber", { number: cancelling.invoice_number }) : say("billing.cancelInvoice")
        }
        text={say("billing.cancelWhy")}
        confirmLabel={say("billing.cancelInvoice")}
        schema={cancelInvoiceRequest}
        pending={mutations.cancel.isPending}
        onClose={() => setCancelling(null)}
        onConfirm={(reason) => {
          const invoice = cancelling;
          setCancelling(null);
          if (invoice)
            mutations.cancel.mutate(
              { id: invoice.id, reason },
              {
                onSuccess: (result) => notify(result.message),
                onError: (error) => notify(messageOf(error, say("billing.actionFailed")), "error"),
              },
            );
        }}
      />

      <CreditNoteDialog
        invoice={crediting}
        pending={issueCreditNote.isPending}
        error={issueCreditNote.isError ? messageOf(issueCreditNote.error, say("billing.actionFailed")) : undefined}
        onClose={() => {
          setCrediting(null);
          issueCreditNote.reset();
        }}
        onSubmit={(body) => {
          if (crediting)
            issueCreditNote.mutate(
              { invoiceId: crediting.id, body },
              {
                onSuccess: (result) => {
                  setCrediting(null);
                  notify(result.message);
                },
              },
            );
        }}
      />

      <PaymentDialog
        invoice={paying}
        pending={mutations.pay.isPending}
        error={mutations.pay.isError ? messageOf(mutations.pay.error, say("billing.actionFailed")) : undefined}
        onClose={() => {
          setPaying(null);
          mutations.pay.reset();
        }}
        onSubmit={(body) =>
          paying &&
          mutations.pay.mutate(
            { id: paying.id, body },
            {
              onSuccess: (result) => {
                setPaying(null);
                notify(result.message);
              },
            },
          )
        }
      />

      <Snackbar
        open={snack !== null}
        autoHideDuration={SNACKBAR_MS}
        onClose={() => setSnack(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "center" }}
      >
        <Alert
          severity={snack?.severity ?? "success"}
          variant="filled"
          onClose={() => setSnack(null)}
          sx={{ width: "100%" }}
        >
          {snack?.text}
        </Alert>
      </Snackbar>
    </Stack>
  );
}
