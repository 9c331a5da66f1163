import { describe, expect, it } from "vitest";
import { ZBusinessHoursInputSchema, ZCompanyPageInputSchema, ZSocialLinkSchema } from "./company-profile";
import { youtubeVideoId } from "./youtube";

const ID = "dQw4w9WgXcQ";

describe("youtubeVideoId", () => {
  it.each([
    `https://www.youtube.com/watch?v=${ID}`,
    `https://youtube.com/watch?v=${ID}`,
    `https://m.youtube.com/watch?v=${ID}`,
    `https://www.youtube.com/watch?feature=share&v=${ID}&t=42s`,
    `https://youtu.be/${ID}`,
    `https://youtu.be/${ID}?si=abc`,
    `https://www.youtube.com/shorts/${ID}`,
    `https://youtube.com/embed/${ID}`,
    `  https://WWW.YouTube.com/watch?v=${ID}  `,
  ])("accepts %s", (url) => {
    expect(youtubeVideoId(url)).toBe(ID);
  });

  it.each([
    `http://www.youtube.com/watch?v=${ID}`,
    `https://www.youtube.com/@somechannel`,
    `https://www.youtube.com/playlist?list=PL123`,
    `https://www.youtube.com/watch`,
    `https://www.youtube.com/watch?v=short`,
    `https://youtu.be/`,
    `https://youtube.evil.com/watch?v=${ID}`,
    `https://www.youtube.com.evil.com/watch?v=${ID}`,
    `https://vimeo.com/123456`,
    `https://www.youtube-nocookie.com/embed/${ID}/extra`,
    `https://user:pw@www.youtube.com/watch?v=${ID}`,
    `https://www.youtube.com:8443/watch?v=${ID}`,
    `javascript:alert(1)`,
    "not a url",
    "",
  ])("refuses %s", (url) => {
    expect(youtubeVideoId(url)).toBeNull();
  });
});

const week = (day = { closed: false, open: "08:00", close: "17:00" }) => Array.from({ length: 7 }, () => ({ ...day }));
const issuesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("the company page input", () => {
  it("stores videos as canonical watch URLs and refuses other sites with youtubeOnly", () => {
    const ok = ZCompanyPageInputSchema.parse({
      name: "Acme",
      email: "a@b.co",
      youtubeUrls: [`https://youtu.be/${ID}`],
    });
    expect(ok.youtubeUrls).toEqual([`https://www.youtube.com/watch?v=${ID}`]);
    const bad = ZCompanyPageInputSchema.safeParse({
      name: "Acme",
      email: "a@b.co",
      youtubeUrls: ["https://vimeo.com/1"],
    });
    expect(issuesOf(bad)).toEqual({ "youtubeUrls.0": "youtubeOnly" });
  });

  it("refuses the same video twice", () => {
    const twice = [`https://youtu.be/${ID}`, `https://www.youtube.com/watch?v=${ID}`];
    const result = ZCompanyPageInputSchema.safeParse({ name: "Acme", email: "a@b.co", youtubeUrls: twice });
    expect(issuesOf(result)).toEqual({ "youtubeUrls.1": "duplicateValue" });
  });

  it("checks business hours day by day and wants exactly seven days", () => {
    expect(ZBusinessHoursInputSchema.safeParse(week().slice(0, 6)).success).toBe(false);
    const hours = week();
    hours[0] = { closed: false, open: "17:00", close: "08:00" };
    hours[1] = { closed: false, open: "", close: "12:00" };
    hours[2] = { closed: false, open: "8h", close: "12:00" };
    expect(issuesOf(ZBusinessHoursInputSchema.safeParse(hours))).toEqual({
      "0.close": "closeAfterOpen",
      "1.open": "timeRequired",
      "2.open": "timeFormat",
    });
  });

  it("drops the times of a closed day", () => {
    const hours = week();
    hours[6] = { closed: true, open: "08:00", close: "12:00" };
    expect(ZBusinessHoursInputSchema.parse(hours)[6]).toEqual({ closed: true, open: null, close: null });
  });

  it("wants social links on https with a known network", () => {
    expect(ZSocialLinkSchema.safeParse({ network: "linkedin", url: "https://linkedin.com/company/x" }).success).toBe(
      true,
    );
    expect(issuesOf(ZSocialLinkSchema.safeParse({ network: "linkedin", url: "http://linkedin.com/x" }))).toEqual({
      url: "httpsRequired",
    });
    expect(issuesOf(ZSocialLinkSchema.safeParse({ network: "myspace", url: "https://a.com" }))).toEqual({
      network: "invalidValue",
    });
  });

  it("limits the long texts to 2000 characters", () => {
    const result = ZCompanyPageInputSchema.safeParse({ name: "Acme", email: "a@b.co", itinerary: "x".repeat(2001) });
    expect(issuesOf(result)).toEqual({ itinerary: "max2000" });
  });
});
