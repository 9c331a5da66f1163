import { Button, FileButton, Group, Stack, Title, VisuallyHidden } from "@mantine/core";
import { IconFileImport, IconUserPlus } from "@tabler/icons-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { NextStep } from "../../../../components/next-step";
import { QueryState } from "../../../../components/query-state";
import { usePermissions } from "../../api/get-permissions";
import { useSetPermissionCell } from "../../api/set-permission-cell";
import { DeadEndWarnings } from "../dead-ends/dead-end-warnings";
import { DivisionSelect } from "../division-select";
import { SectorFirst } from "../prerequisites";
import { ExportButtons } from "./export-buttons";
import { ImportDialog } from "./import-dialog";
import { PermissionsTable } from "./permissions-table";

export const IMPORT_ACCEPT = ".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

interface TPermissionsPanelProps {
  isEnterprise: boolean;
  divisions: { id: string; name: string }[];
  /** The division shown (the enterprise picks it; a super-responsible has its own). */
  division: { id: string; name: string };
  onDivisionChange: (divisionId: string) => void;
  onInvite: () => void;
}

/** Who verifies and who approves in each sector of one division; import and export as files. */
export function PermissionsPanel({
  isEnterprise,
  divisions,
  division,
  onDivisionChange,
  onInvite,
}: TPermissionsPanelProps) {
  const { t } = useTranslation("organisation");
  // The enterprise names the division; the server scopes a super-responsible to its own.
  const divisionId = isEnterprise ? division.id : undefined;
  const matrix = usePermissions(divisionId);
  const cell = useSetPermissionCell(divisionId);
  const [importing, setImporting] = useState<File | null>(null);
  // Lets the same file be chosen again after a refused import.
  const resetFile = useRef<() => void>(null);
  const empty = matrix.data ? matrix.data.managers.length === 0 || matrix.data.sectors.length === 0 : false;

  return (
    <Stack gap="md">
      <VisuallyHidden>
        <Title order={2}>{t("managers.tabs.matrix")}</Title>
      </VisuallyHidden>
      <Group justify="space-between" align="flex-end" gap="sm">
        {isEnterprise ? (
          <DivisionSelect
            divisions={divisions}
            w={{ base: "100%", "2sm": 260 }}
            value={division.id}
            onChange={(value) => value && onDivisionChange(value)}
          />
        ) : (
          <div />
        )}
        <Group gap="xs">
          <ExportButtons divisionId={divisionId} divisionName={division.name} />
          <FileButton
            accept={IMPORT_ACCEPT}
            onChange={setImporting}
            resetRef={resetFile}
            inputProps={{ "data-testid": "permissions-import-file" } as React.ComponentProps<"input">}
          >
            {(props) => (
              <Button {...props} variant="default" leftSection={<IconFileImport size={16} aria-hidden />}>
                {t("permissions.import")}
              </Button>
            )}
          </FileButton>
        </Group>
      </Group>
      <DeadEndWarnings divisionId={divisionId} />
      <QueryState query={matrix}>
        {(loaded) =>
          empty ? (
            <Stack gap="md">
              {loaded.sectors.length === 0 ? <SectorFirst description={t("permissions.sectorFirstHelp")} /> : null}
              {loaded.managers.length === 0 ? (
                <NextStep
                  testId="no-permit-manager"
                  title={t("permissions.noManagersTitle")}
                  description={t("permissions.noManagersText")}
                  action={
                    <Button variant="light" leftSection={<IconUserPlus size={16} aria-hidden />} onClick={onInvite}>
                      {t("managers.invite.Responsible")}
                    </Button>
                  }
                />
              ) : null}
            </Stack>
          ) : (
            <PermissionsTable
              matrix={loaded}
              caption={t("permissions.caption", { division: division.name })}
              save={async (change) => {
                await cell.mutateAsync(change);
              }}
            />
          )
        }
      </QueryState>
      <ImportDialog
        file={importing}
        onClose={() => {
          setImporting(null);
          resetFile.current?.();
        }}
      />
    </Stack>
  );
}
