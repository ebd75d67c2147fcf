import type { SvgIconComponent } from "@mui/icons-material";
import AccountBalanceWallet from "@mui/icons-material/AccountBalanceWallet";
import Assessment from "@mui/icons-material/Assessment";
import Campaign from "@mui/icons-material/Campaign";
import Chat from "@mui/icons-material/Chat";
import ChildCare from "@mui/icons-material/ChildCare";
import Circle from "@mui/icons-material/Circle";
import ContactPhone from "@mui/icons-material/ContactPhone";
import Dashboard from "@mui/icons-material/Dashboard";
import Description from "@mui/icons-material/Description";
import EventAvailable from "@mui/icons-material/EventAvailable";
import EventNote from "@mui/icons-material/EventNote";
import Forum from "@mui/icons-material/Forum";
import Gavel from "@mui/icons-material/Gavel";
import Groups from "@mui/icons-material/Groups";
import ManageAccounts from "@mui/icons-material/ManageAccounts";
import MeetingRoom from "@mui/icons-material/MeetingRoom";
import Receipt from "@mui/icons-material/Receipt";
import ReportProblem from "@mui/icons-material/ReportProblem";
import Settings from "@mui/icons-material/Settings";
import Visibility from "@mui/icons-material/Visibility";

/** One icon per navigation path of the shared table; an area added later gets a dot until it picks one. */
const ICONS: Record<string, SvgIconComponent> = {
  "/dashboard": Dashboard,
  "/users": ManageAccounts,
  "/children": ChildCare,
  "/classrooms": MeetingRoom,
  "/staff": Groups,
  "/budget": AccountBalanceWallet,
  "/attendance": EventAvailable,
  "/enquiries": ContactPhone,
  "/billing": Receipt,
  "/parent-communication": Forum,
  "/classroom-announcements": Campaign,
  "/messaging": Chat,
  "/incidents": ReportProblem,
  "/daily-activities": EventNote,
  "/observation-logs": Visibility,
  "/policies": Gavel,
  "/reports": Assessment,
  "/documents": Description,
  "/settings": Settings,
};

export function navIcon(path: string): SvgIconComponent {
  return ICONS[path] ?? Circle;
}
