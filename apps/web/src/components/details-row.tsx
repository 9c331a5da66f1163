import { DataList } from "@mantine/core";
import type { ReactNode } from "react";

/** One labelled value of a details list (a company's or an account's facts). */
export function DetailsRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}
