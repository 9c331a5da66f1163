import { Avatar } from "@mantine/core";
import { IconPhoto } from "@tabler/icons-react";
import { useAuthImage } from "../api/images";

/** A small icon or logogram fetched with the token; a neutral placeholder while none. Decorative (alt ""). */
export function RiskImage({ url, size = 40 }: { url: string | null | undefined; size?: number }) {
  const src = useAuthImage(url);
  return (
    <Avatar src={src} alt="" size={size} radius="sm" color="gray" variant="light">
      <IconPhoto size={size / 2} aria-hidden />
    </Avatar>
  );
}
