import { TextInput } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";

interface TSearchInputProps {
  /** The search in effect (e.g. from the URL). */
  value: string;
  onSearch: (value: string) => void;
  label?: string;
  placeholder?: string;
  /** Fill its container (a grid cell) instead of its own width. */
  fullWidth?: boolean;
  /** Its place in a grid (e.g. a whole row). */
  className?: string;
}

/** A search box that asks for results once typing pauses; Enter searches at once. */
export function SearchInput({ value, onSearch, label, placeholder, fullWidth = false, className }: TSearchInputProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState(value);
  const search = useDebouncedCallback((next: string) => onSearch(next.trim()), 350);
  return (
    <TextInput
      type="search"
      className={className}
      label={label ?? t("search.label")}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      w={fullWidth ? "100%" : { base: "100%", "2sm": 260 }}
      maxLength={50}
      value={typed}
      onChange={(event) => {
        setTyped(event.currentTarget.value);
        search(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === "Enter") {
          search.cancel();
          onSearch(typed.trim());
        }
      }}
    />
  );
}
