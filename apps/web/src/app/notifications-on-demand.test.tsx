import { MantineProvider } from "@mantine/core";
import { act, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { notifySuccess } from "../lib/notify";
import { NotificationsOnDemand } from "./notifications-on-demand";

describe("NotificationsOnDemand", () => {
  it("renders nothing until a toast is shown, then shows it, also the one shown before its code loaded", async () => {
    render(
      <MantineProvider env="test">
        <NotificationsOnDemand />
      </MantineProvider>,
    );
    expect(document.querySelector(".mantine-Notifications-root")).toBeNull();
    act(() => notifySuccess("Permit saved"));
    expect(await screen.findByText("Permit saved")).toBeTruthy();
    expect(document.querySelector(".mantine-Notifications-root")).not.toBeNull();
    act(() => notifySuccess("Permit sent"));
    expect(await screen.findByText("Permit sent")).toBeTruthy();
  });
});
