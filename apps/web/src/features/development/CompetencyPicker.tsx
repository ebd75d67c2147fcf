import { Autocomplete, Chip, TextField, Tooltip } from "@mui/material";
import type { CompetencyOption, CompetencyTag } from "@sprout/shared/schemas/development/frameworks-api";
import { useState } from "react";
import { useDebouncedValue } from "../../components/useDebouncedValue";
import { useSay } from "../../i18n/useSay";
import { useCompetencySearch } from "./frameworks-api";

/** A chosen competency: what a tag or a search answer says of it. */
export type PickedCompetency = Pick<CompetencyOption, "code" | "text" | "domain_code" | "domain_name">;

/** A tag as the picker holds it. */
export const pickedFromTag = (tag: CompetencyTag): PickedCompetency => ({
  code: tag.code,
  text: tag.text,
  domain_code: tag.domain_code,
  domain_name: tag.domain_name,
});

/** The first words of a competency, for a chip. */
export function shortText(text: string, max = 36): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max - 8))}…`;
}

/** A chip showing a competency's code and the start of its words (the whole text on hover). */
export function CompetencyChip({
  tag,
  onDelete,
  size = "small",
  ...rest
}: {
  tag: Pick<PickedCompetency, "code" | "text">;
  onDelete?: (event: unknown) => void;
  size?: "small" | "medium";
} & Record<string, unknown>) {
  return (
    <Tooltip title={tag.text}>
      <Chip
        {...rest}
        size={size}
        label={tag.text ? `${tag.code} · ${shortText(tag.text)}` : tag.code}
        onDelete={onDelete}
        sx={{ maxWidth: "100%" }}
      />
    </Tooltip>
  );
}

type Option = CompetencyOption | PickedCompetency;
const suggested = (option: Option) => "suggested" in option && option.suggested;

/**
 * Competencies of the child's centre's framework, searched on the server as the teacher types;
 * those of the child's age band first, under their own heading. Used by the observation and
 * lesson-plan forms and the assessment screens.
 */
export function CompetencyPicker({
  value,
  onChange,
  childId,
  centerId,
  label,
  helperText,
  error,
  disabled,
}: {
  value: PickedCompetency[];
  onChange: (value: PickedCompetency[]) => void;
  /** The child the tags are for: its centre's framework, its age band suggested. */
  childId?: string | null;
  /** The centre, when there is no child (a lesson plan). */
  centerId?: string | null;
  label?: string;
  helperText?: string;
  error?: boolean;
  disabled?: boolean;
}) {
  const say = useSay();
  const [input, setInput] = useState("");
  const q = useDebouncedValue(input, 250);
  const ready = Boolean(childId || centerId);
  const search = useCompetencySearch(
    { child_id: childId ?? undefined, center_id: childId ? undefined : (centerId ?? undefined), q },
    ready,
  );
  const band = search.data?.age_band?.label ?? null;
  const options: Option[] = search.data?.competencies ?? [];
  return (
    <Autocomplete<Option, true>
      multiple
      disabled={disabled || !ready}
      options={options}
      value={value}
      filterOptions={(list) => list}
      filterSelectedOptions
      loading={search.isFetching}
      loadingText={say("development.loadingCompetencies")}
      noOptionsText={search.isError ? say("development.competenciesLoadFailed") : say("development.noCompetencyFound")}
      groupBy={(option) =>
        band && suggested(option) ? say("development.suggestedFor", { band }) : say("development.otherCompetencies")
      }
      getOptionLabel={(option) => `${option.code} ${option.text}`}
      isOptionEqualToValue={(option, chosen) => option.code === chosen.code}
      inputValue={input}
      onInputChange={(_event, next, reason) => {
        if (reason !== "reset") setInput(next);
      }}
      onChange={(_event, next) =>
        onChange(
          next.map((option) => ({
            code: option.code,
            text: option.text,
            domain_code: option.domain_code,
            domain_name: option.domain_name,
          })),
        )
      }
      renderOption={(props, option) => {
        const { key, ...rest } = props;
        return (
          <li key={key} {...rest}>
            <span>
              <strong>{option.code}</strong> {option.text}
            </span>
          </li>
        );
      }}
      renderValue={(chosen, getItemProps) =>
        chosen.map((option, index) => {
          const { key, onDelete, ...itemProps } = getItemProps({ index });
          return <CompetencyChip key={key} {...itemProps} tag={option} onDelete={onDelete} aria-label={option.code} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label ?? say("development.competencies")}
          error={error || search.isError}
          helperText={
            helperText ??
            (search.isError
              ? say("development.competenciesLoadFailed")
              : ready
                ? say("development.competenciesHelp")
                : say("development.chooseChildForCompetencies"))
          }
        />
      )}
    />
  );
}

/** One competency to filter a list by, from the same search (no child: the centre's framework). */
export function CompetencyFilter({
  value,
  onChange,
  centerId,
  domain,
}: {
  value: PickedCompetency | null;
  onChange: (value: PickedCompetency | null) => void;
  centerId: string | null;
  domain?: string;
}) {
  const say = useSay();
  const [input, setInput] = useState("");
  const q = useDebouncedValue(input, 250);
  const search = useCompetencySearch({ center_id: centerId ?? undefined, q, domain }, Boolean(centerId));
  const options: Option[] = search.data?.competencies ?? [];
  return (
    <Autocomplete<Option>
      options={options}
      value={value}
      filterOptions={(list) => list}
      loading={search.isFetching}
      loadingText={say("development.loadingCompetencies")}
      noOptionsText={say("development.noCompetencyFound")}
      getOptionLabel={(option) => `${option.code} ${shortText(option.text, 40)}`}
      isOptionEqualToValue={(option, chosen) => option.code === chosen.code}
      onInputChange={(_event, next, reason) => {
        if (reason === "input") setInput(next);
        if (reason === "clear") setInput("");
      }}
      onChange={(_event, next) =>
        onChange(
          next
            ? { code: next.code, text: next.text, domain_code: next.domain_code, domain_name: next.domain_name }
            : null,
        )
      }
      renderInput={(params) => <TextField {...params} label={say("development.competency")} />}
      sx={{ minWidth: 220, flex: 1 }}
    />
  );
}
