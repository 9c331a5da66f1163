import { Box, Center, Group, Paper } from "@mantine/core";
import { Outlet } from "react-router";
import { Brand } from "../../components/brand";
import { LanguageSwitch } from "../../components/language-switch";
import classes from "./auth-layout.module.css";

/** Signed-out pages: a centred card on the brand background, with the language switch. */
export function AuthLayout() {
  return (
    <Box className={classes.page}>
      <Group component="header" justify="space-between" px={{ base: "sm", "2sm": "md" }} py="sm" wrap="nowrap">
        <Brand />
        <LanguageSwitch />
      </Group>
      <Center component="main" px={{ base: "xs", "2sm": "md" }} pb="xl" className={classes.main}>
        <Paper withBorder shadow="md" radius="lg" p={{ base: "md", "2sm": "xl" }} className={classes.card}>
          <Outlet />
        </Paper>
      </Center>
    </Box>
  );
}
