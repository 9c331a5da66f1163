import { List, Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** The contractor's employees by name only: a principal never sees their e-mails. */
export function ContractorEmployees({ employees }: { employees: { id: string; name: string }[] }) {
  const { t } = useTranslation("contractors");
  return (
    <Paper withBorder p={{ base: "md", md: "lg" }} component="section" aria-labelledby="contractor-employees">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="contractor-employees">
          {t("profile.employeesTitle")} ({employees.length})
        </Title>
        {employees.length === 0 ? (
          <Text c="dimmed" fz="sm">
            {t("profile.noEmployees")}
          </Text>
        ) : (
          <List spacing={4} fz="sm" style={{ overflowWrap: "anywhere" }}>
            {employees.map((employee) => (
              <List.Item key={employee.id}>{employee.name}</List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Paper>
  );
}
