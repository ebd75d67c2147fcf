import AccountBalanceWallet from "@mui/icons-material/AccountBalanceWallet";
import Badge from "@mui/icons-material/Badge";
import ChildCare from "@mui/icons-material/ChildCare";
import ContactPhone from "@mui/icons-material/ContactPhone";
import MeetingRoom from "@mui/icons-material/MeetingRoom";
import Receipt from "@mui/icons-material/Receipt";
import { Grid } from "@mui/material";
import type { MessageId } from "@sprout/shared/i18n/catalogues";
import type { FinancialOverview, Overview } from "@sprout/shared/schemas/analytics";
import { formatCurrency } from "../../format";
import { useSay } from "../../i18n/useSay";
import { CounterCard } from "./CounterCard";

export type Figure = "revenue" | "students" | "staff" | "enquiries" | "pending" | "classrooms";

interface Props {
  overview: Overview | undefined;
  financial: FinancialOverview | undefined;
  loading: boolean;
  /** The cards in the order the role's dashboard lists them, with its labels. */
  figures: readonly { figure: Figure; label: MessageId }[];
}

/** The owner's and super admin's six figure cards, each opening the list it counts. */
export function BusinessFigures({ overview, financial, loading, figures }: Props) {
  const say = useSay();
  const card = (figure: Figure, label: string) => {
    switch (figure) {
      case "revenue":
        return (
          <CounterCard
            label={label}
            loading={loading}
            value={financial?.received_this_month}
            format={formatCurrency}
            caption={
              financial
                ? say("dashboard.invoicedThisMonth", { amount: formatCurrency(financial.invoiced_this_month) })
                : undefined
            }
            to="/reports?report=revenue"
            testId="figure-revenue"
            icon={AccountBalanceWallet}
            color="#2e7d32"
          />
        );
      case "students":
        return (
          <CounterCard
            label={label}
            loading={loading}
            value={overview?.total_students}
            to="/children"
            testId="figure-students"
            icon={ChildCare}
            color="#2e7d5b"
          />
        );
      case "staff":
        return (
          <CounterCard
            label={label}
            loading={loading}
            value={overview?.total_staff}
            to="/staff"
            testId="figure-staff"
            icon={Badge}
            color="#6a1b9a"
          />
        );
      case "enquiries":
        return (
          <CounterCard
            label={label}
            loading={loading}
            value={overview?.open_enquiries}
            to="/enquiries"
            testId="figure-enquiries"
            icon={ContactPhone}
            color="#ed6c02"
          />
        );
      case "pending":
        return (
          <CounterCard
            label={label}
            loading={loading}
            value={overview?.pending_invoices}
            to="/billing?status=Pending"
            testId="figure-pending"
            icon={Receipt}
            color="#d32f2f"
          />
        );
      case "classrooms":
        return (
          <CounterCard
            label={label}
            loading={loading}
            value={overview?.total_classrooms}
            to="/classrooms"
            testId="figure-classrooms"
            icon={MeetingRoom}
            color="#3f51b5"
          />
        );
    }
  };
  return (
    <Grid container spacing={2} component="section" aria-label={say("dashboard.businessFigures")}>
      {figures.map(({ figure, label }) => (
        <Grid key={figure} size={{ xs: 12, sm: 6, lg: 4 }}>
          {card(figure, say(label))}
        </Grid>
      ))}
    </Grid>
  );
}
