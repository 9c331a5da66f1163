import { AspectRatio } from "@mantine/core";
import { youtubeEmbedUrl, youtubeVideoId } from "@openpermit/shared";

/**
 * A YouTube video through the privacy-enhanced player (youtube-nocookie.com): no cookie until it is played.
 * The frame gets no more than a player needs, and loads only when it comes into view.
 */
export function YoutubeEmbed({ url, title }: { url: string; title: string }) {
  const id = youtubeVideoId(url);
  if (!id) return null;
  return (
    <AspectRatio ratio={16 / 9} w="100%" maw={640}>
      <iframe
        src={youtubeEmbedUrl(id)}
        title={title}
        loading="lazy"
        referrerPolicy="strict-origin-when-cross-origin"
        allow="encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        style={{ border: 0 }}
      />
    </AspectRatio>
  );
}
