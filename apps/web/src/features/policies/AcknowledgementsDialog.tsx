import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Tab,
  TablePagination,
  Tabs,
  TextField,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import { ROLE_LABEL_IDS, type Role } from "@sprout/shared/roles";
import { ACKNOWLEDGEMENT_FILTERS, type Policy } from "@sprout/shared/schemas/policies";
import { useState } from "react";
import { errorMessage } from "../../api/errors";
import { formatDateTime } from "../../format";
import { useSay } from "../../i18n/useSay";
import { useAcknowledgements } from "./api";

const FILTER_LABELS = {
  all: "policies.filterEveryone",
  acknowledged: "policies.statusAcknowledged",
  pending: "policies.statusNotYet",
} as const;

/** Who in the audience has acknowledged a version (the current one first), ten at a time. */
export function AcknowledgementsDialog({ item, onClose }: { item: Policy; onClose: () => void }) {
  const say = useSay();
  const phone = useMediaQuery(useTheme().breakpoints.down("sm"));
  const [version, setVersion] = useState(item.version);
  const [status, setStatus] = useState<(typeof ACKNOWLEDGEMENT_FILTERS)[number]>("all");
  const [page, setPage] = useState(0);
  const people = useAcknowledgements(item.id, version, status, page);
  // Newest first: the version a manager usually wants is at the top.
  const versions = Array.from({ length: item.version }, (_, index) => item.version - index);
  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby="acks-title">
      <DialogTitle id="acks-title">{say("policies.dialogTitle", { title: item.title, version })}</DialogTitle>
      <DialogContent>
        {item.version > 1 && (
          <TextField
            select
            size="small"
            label={say("policies.versionField")}
            value={version}
            onChange={(event) => {
              setVersion(Number(event.target.value));
              setPage(0);
            }}
            sx={{ mt: 1, minWidth: 200 }}
          >
            {versions.map((each) => (
              <MenuItem key={each} value={each}>
                {say(each === item.version ? "policies.versionCurrent" : "policies.versionNumber", { version: each })}
              </MenuItem>
            ))}
          </TextField>
        )}
        <Tabs
          value={status}
          onChange={(_event, next) => {
            setStatus(next);
            setPage(0);
          }}
          variant="fullWidth"
        >
          {ACKNOWLEDGEMENT_FILTERS.map((filter) => (
            <Tab key={filter} value={filter} label={say(FILTER_LABELS[filter])} />
          ))}
        </Tabs>
        {people.isFetching && <LinearProgress aria-label={say("policies.loadingAcknowledgements")} />}
        {people.isError && <Alert severity="error">{errorMessage(people.error)}</Alert>}
        <List aria-label={say("policies.audienceList")}>
          {people.data?.people.map((person) => (
            <ListItem
              key={person.user_id}
              divider
              secondaryAction={
                <Chip
                  size="small"
                  color={person.acknowledged_at ? "success" : "default"}
                  label={say(person.acknowledged_at ? "policies.statusAcknowledged" : "policies.statusNotYet")}
                />
              }
            >
              <ListItemText
                primary={person.name}
                secondary={`${ROLE_LABEL_IDS[person.role as Role] ? say(ROLE_LABEL_IDS[person.role as Role]) : person.role}${
                  person.acknowledged_at ? ` · ${formatDateTime(person.acknowledged_at)}` : ""
                }`}
              />
            </ListItem>
          ))}
        </List>
        <TablePagination
          component="div"
          count={people.data?.pagination.total_items ?? 0}
          page={page}
          onPageChange={(_event, next) => setPage(next)}
          rowsPerPage={10}
          rowsPerPageOptions={[10]}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{say("policies.close")}</Button>
      </DialogActions>
    </Dialog>
  );
}
