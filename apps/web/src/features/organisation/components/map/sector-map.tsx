import { Alert, Center, Loader, Paper, Stack, Text } from "@mantine/core";
import type { TSector } from "@openpermit/shared";
import { IconPhotoOff } from "@tabler/icons-react";
import { lazy, type ReactNode, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { withTimeout } from "../../../../app/lazy-page";
import { ApiErrorAlert } from "../../../../components/api-error-alert";
import { useSectorMapImage } from "../../api/get-sector-map";
import type { TSectorMapViewProps } from "./sector-map-view";

// Leaflet and its CSS load only when a map is shown.
const SectorMapView = lazy(() =>
  withTimeout(() => import("./sector-map-view")).then((module) => ({ default: module.SectorMapView })),
);

type TSectorMapProps = Omit<TSectorMapViewProps, "imageUrl" | "size" | "label"> & {
  sector: TSector;
  /**
   * Without a plan, the way to add one (the upload button, for those who edit the sector), shown with "No plan yet —
   * add one"; readers are told its places are listed. Passed in, so that readers' pages do not load the upload.
   */
  addPlan?: ReactNode;
};

/** The sector's map image, fetched with the token, under its sub-sector pins; or why there is none. */
export function SectorMap({ sector, addPlan, ...view }: TSectorMapProps) {
  const { t } = useTranslation("organisation");
  const image = useSectorMapImage(sector.map?.url);
  if (!sector.map) {
    return (
      <Alert color="gray" variant="light" icon={<IconPhotoOff aria-hidden />} data-testid="no-sector-map">
        <Stack gap="xs" align="flex-start">
          <Text fz="sm">{t(addPlan ? "map.noneAddOne" : "map.none")}</Text>
          {addPlan ?? null}
        </Stack>
      </Alert>
    );
  }
  if (image.error) return <ApiErrorAlert error={image.error} />;
  const loading = (
    <Paper withBorder h={300}>
      <Center h="100%">
        <Loader aria-label={t("map.loading")} />
      </Center>
    </Paper>
  );
  if (!image.objectUrl) return loading;
  return (
    <Suspense fallback={loading}>
      <SectorMapView
        // A new plan of another size is a new view (the container's proportions follow the image).
        key={`${sector.map.width}x${sector.map.height}`}
        imageUrl={image.objectUrl}
        size={{ width: sector.map.width, height: sector.map.height }}
        label={t("map.label", { name: sector.name })}
        {...view}
      />
      <Text fz="xs" c="dimmed" mt={4}>
        {view.onPick ? t("map.helpEdit") : t("map.help")}
      </Text>
    </Suspense>
  );
}
