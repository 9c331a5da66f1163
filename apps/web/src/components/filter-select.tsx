import { Select } from "@mantine/core";

/** The choice that stands for "no filter"; it never reaches the URL or the API, which say so with null. */
const ALL = "all";

interface TFilterSelectProps {
  label: string;
  /** The first choice's label, such as "All statuses". */
  allLabel: string;
  options: { value: string; label: string }[];
  /** The filter in effect; null or undefined for all. */
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  /** Its width from the 2sm breakpoint up; below, it fills the row. */
  width: number;
  testId?: string;
}

/** A list filter: one value of a field, or all of them first. */
export function FilterSelect({ label, allLabel, options, value, onChange, width, testId }: TFilterSelectProps) {
  return (
    <Select
      label={label}
      w={{ base: "100%", "2sm": width }}
      allowDeselect={false}
      value={value ?? ALL}
      onChange={(next) => onChange(next === ALL ? null : next)}
      data={[{ value: ALL, label: allLabel }, ...options]}
      data-testid={testId}
    />
  );
}
