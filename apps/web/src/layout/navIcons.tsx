import type { SvgIconComponent } from "@mui/icons-material";
import AccountBalance from "@mui/icons-material/AccountBalance";
import AccountBalanceWallet from "@mui/icons-material/AccountBalanceWallet";
import AccountTree from "@mui/icons-material/AccountTree";
import Announcement from "@mui/icons-material/Announcement";
import Assessment from "@mui/icons-material/Assessment";
import Assignment from "@mui/icons-material/Assignment";
import Campaign from "@mui/icons-material/Campaign";
import Chat from "@mui/icons-material/Chat";
import ChildCare from "@mui/icons-material/ChildCare";
import Circle from "@mui/icons-material/Circle";
import Collections from "@mui/icons-material/Collections";
import ContactPhone from "@mui/icons-material/ContactPhone";
import CurrencyRupee from "@mui/icons-material/CurrencyRupee";
import Dashboard from "@mui/icons-material/Dashboard";
import DataObject from "@mui/icons-material/DataObject";
import Description from "@mui/icons-material/Description";
import EventAvailable from "@mui/icons-material/EventAvailable";
import EventNote from "@mui/icons-material/EventNote";
import Forum from "@mui/icons-material/Forum";
import Gavel from "@mui/icons-material/Gavel";
import Grading from "@mui/icons-material/Grading";
import Groups from "@mui/icons-material/Groups";
import ManageAccounts from "@mui/icons-material/ManageAccounts";
import ManageSearch from "@mui/icons-material/ManageSearch";
import MeetingRoom from "@mui/icons-material/MeetingRoom";
import MenuBook from "@mui/icons-material/MenuBook";
import PhotoLibrary from "@mui/icons-material/PhotoLibrary";
import PriceCheck from "@mui/icons-material/PriceCheck";
import PrivacyTip from "@mui/icons-material/PrivacyTip";
import Receipt from "@mui/icons-material/Receipt";
import ReportProblem from "@mui/icons-material/ReportProblem";
import Settings from "@mui/icons-material/Settings";
import Speed from "@mui/icons-material/Speed";
import Visibility from "@mui/icons-material/Visibility";

/** One icon per navigation path of the shared table; an area added later gets a dot until it picks one. */
const ICONS: Record<string, SvgIconComponent> = {
  "/dashboard": Dashboard,
  "/users": ManageAccounts,
  "/center-director": Speed,
  "/children": ChildCare,
  "/classrooms": MeetingRoom,
  "/staff": Groups,
  "/budget": AccountBalanceWallet,
  "/attendance": EventAvailable,
  "/enquiries": ContactPhone,
  "/billing": Receipt,
  "/billing/claims": PriceCheck,
  "/fee-collection/settings": CurrencyRupee,
  "/bank-reconciliation": AccountBalance,
  "/parent-communication": Forum,
  "/classroom-announcements": Campaign,
  "/messaging": Chat,
  "/notices": Announcement,
  "/incidents": ReportProblem,
  "/daily-activities": EventNote,
  "/observation-logs": Visibility,
  "/development/framework": AccountTree,
  "/development/terms": Grading,
  "/lesson-plans": MenuBook,
  "/assignments": Assignment,
  "/digital-portfolio": PhotoLibrary,
  "/admin/portfolios": Collections,
  "/policies": Gavel,
  "/reports": Assessment,
  "/documents": Description,
  "/privacy": PrivacyTip,
  "/my-data": DataObject,
  "/data-requests": ManageSearch,
  "/settings": Settings,
};

export function navIcon(path: string): SvgIconComponent {
  return ICONS[path] ?? Circle;
}
