/**
 * YouTube video URLs of the company page. Only a video's own address is accepted (watch, youtu.be, shorts,
 * embed; with or without www. or m.; https only): a channel, a playlist or any other site is refused. Videos
 * are stored as the canonical watch URL and shown through the privacy-enhanced (no-cookie) player.
 */

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com"]);
const PATH_ID = /^\/(?:shorts|embed)\/([^/]+)\/?$/;

/** The video id of a YouTube video URL, or null for anything else. */
export function youtubeVideoId(input: string): string | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" || url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  let id: string | null | undefined = null;
  if (host === "youtu.be") {
    id = /^\/([^/]+)\/?$/.exec(url.pathname)?.[1];
  } else if (YOUTUBE_HOSTS.has(host)) {
    id =
      url.pathname === "/watch" || url.pathname === "/watch/"
        ? url.searchParams.get("v")
        : PATH_ID.exec(url.pathname)?.[1];
  }
  return id && VIDEO_ID.test(id) ? id : null;
}

export const youtubeWatchUrl = (videoId: string) => `https://www.youtube.com/watch?v=${videoId}`;

/** The privacy-enhanced player: YouTube sets no cookie until the visitor plays the video. */
export const youtubeEmbedUrl = (videoId: string) => `https://www.youtube-nocookie.com/embed/${videoId}`;
