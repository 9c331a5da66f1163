import "leaflet/dist/leaflet.css";
import { ActionIcon, Group, Tooltip as HelpTip } from "@mantine/core";
import { IconArrowsMaximize, IconMinus, IconPlus } from "@tabler/icons-react";
import {
  CRS,
  type LatLngBoundsExpression,
  type LeafletEventHandlerFnMap,
  type LeafletKeyboardEvent,
  type Map as LeafletMap,
} from "leaflet";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ImageOverlay, MapContainer, Marker, Tooltip, useMap, useMapEvents } from "react-leaflet";
import {
  fractionsToLatLng,
  imageBounds,
  latLngToFractions,
  placedOnly,
  type TFractions,
  type TImageSize,
} from "./map-coordinates";
import { markerIcon, type TMarkerLook } from "./marker-icon";
import styles from "./sector-map.module.css";

export interface TMapMarker {
  id: string;
  name: string;
  /** Null: not placed (a sub-sector of a sector that had no plan); drawn nowhere. */
  x: number | null;
  y: number | null;
  /** How the pin looks when not selected (the live site map's tones); "normal" by default. */
  look?: TMarkerLook;
  /** A shorter text for the label that stays on the plan (`permanentLabels`); the name by default. */
  label?: string;
  /**
   * Drawn with its label but not a control (an isolation point on the live site map, which taps do not open): neither
   * the keyboard nor a finger stops on it, and a pin it overlaps keeps the whole of its target.
   */
  shownOnly?: boolean;
}

export interface TSectorMapViewProps {
  /** An object URL of the image (it was fetched with the bearer token). */
  imageUrl: string;
  size: TImageSize;
  /** Names the map for screen readers, e.g. "Map of Tank farm". */
  label: string;
  markers: TMapMarker[];
  selectedId?: string | null;
  /**
   * A place not saved yet (the sub-sector being created or edited), drawn in another colour and
   * draggable with `onDraftMove`.
   */
  draft?: (TFractions & { name: string; look?: "draft" | "selected" }) | null;
  /** A click on the map: the place, as fractions of the image. */
  onPick?: (point: TFractions) => void;
  /** A saved marker dropped somewhere else (markers are draggable only with this). */
  onMarkerMove?: (id: string, point: TFractions) => void;
  onDraftMove?: (point: TFractions) => void;
  onMarkerSelect?: (id: string) => void;
  /** Each pin's label stays on the plan instead of showing on hover or focus only. */
  permanentLabels?: boolean;
}

const MAX_ZOOM = 3;

/** The sector's plan, zoomable (CRS.Simple over the image, no tiles), with its sub-sectors as pins. */
export function SectorMapView(props: TSectorMapViewProps) {
  const { t } = useTranslation("organisation");
  const { imageUrl, label, onPick } = props;
  const { width, height } = props.size;
  // Kept by value: a new object with the same size must not refit the view the user zoomed.
  const size = useMemo(() => ({ width, height }), [width, height]);
  const [map, setMap] = useState<LeafletMap | null>(null);
  const bounds = useMemo(() => imageBounds(size) as LatLngBoundsExpression, [size]);
  const zoomButtons = [
    { key: "in", label: t("map.zoomIn"), icon: IconPlus, run: () => map?.zoomIn() },
    { key: "out", label: t("map.zoomOut"), icon: IconMinus, run: () => map?.zoomOut() },
    { key: "fit", label: t("map.fit"), icon: IconArrowsMaximize, run: () => map?.fitBounds(bounds) },
  ];
  return (
    <section className={styles.frame} aria-label={label}>
      <div data-testid="sector-map">
        <MapContainer
          ref={setMap}
          className={`${styles.map} ${onPick ? "" : styles.readOnly}`}
          style={{ aspectRatio: `${width} / ${height}` }}
          crs={CRS.Simple}
          bounds={bounds}
          maxBounds={padded(size)}
          maxBoundsViscosity={0.8}
          minZoom={-6}
          maxZoom={MAX_ZOOM}
          zoomSnap={0.25}
          zoomDelta={0.5}
          zoomControl={false}
          // Leaflet finishes an animated zoom on a timer that fails if the map is gone by then (leaving the
          // page mid-zoom); a plan does not need the animation.
          zoomAnimation={false}
          attributionControl={false}
          keyboard
        >
          <ImageOverlay url={imageUrl} bounds={bounds} />
          <FitToImage size={size} />
          <PickOnClick onPick={onPick} size={size} />
          <Markers {...props} size={size} />
        </MapContainer>
      </div>
      <Group gap={4} pos="absolute" top={8} right={8} style={{ zIndex: 1000 }}>
        {zoomButtons.map((button) => (
          <HelpTip key={button.key} label={button.label} withArrow>
            <ActionIcon variant="default" size="lg" aria-label={button.label} onClick={button.run} disabled={!map}>
              <button.icon size={18} aria-hidden />
            </ActionIcon>
          </HelpTip>
        ))}
      </Group>
    </section>
  );
}

/** Half an image of room around it, so an edge can be brought to the middle of the screen. */
function padded(size: TImageSize): LatLngBoundsExpression {
  return [
    [-size.height / 2, -size.width / 2],
    [size.height * 1.5, size.width * 1.5],
  ];
}

/**
 * Fits the whole image in view and lets the user zoom out a little further. Runs again when the
 * container gets its real size (a drawer or a tab opening) and when another image arrives.
 */
function FitToImage({ size }: { size: TImageSize }) {
  const map = useMap();
  const fitted = useRef(false);
  useEffect(() => {
    const bounds = imageBounds(size);
    const refit = () => {
      map.invalidateSize();
      const { x, y } = map.getSize();
      if (x === 0 || y === 0) return;
      map.setMinZoom(Math.floor(map.getBoundsZoom(bounds)) - 1);
      if (!fitted.current) map.fitBounds(bounds);
      fitted.current = true;
    };
    fitted.current = false;
    refit();
    const observer = new ResizeObserver(refit);
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map, size]);
  return null;
}

function PickOnClick({ onPick, size }: { onPick?: (point: TFractions) => void; size: TImageSize }) {
  useMapEvents({
    click: (event) => onPick?.(latLngToFractions(event.latlng, size)),
  });
  return null;
}

function Markers({
  markers,
  selectedId,
  draft,
  size,
  onMarkerMove,
  onDraftMove,
  onMarkerSelect,
  permanentLabels,
}: TSectorMapViewProps) {
  const { t } = useTranslation("organisation");
  return (
    <>
      {placedOnly(markers).map((marker) => (
        <Marker
          key={`${marker.id}:${marker.x}:${marker.y}`}
          position={fractionsToLatLng(marker, size)}
          icon={markerIcon(marker.id === selectedId ? "selected" : (marker.look ?? "normal"))}
          title={marker.name}
          keyboard={!marker.shownOnly}
          interactive={!marker.shownOnly}
          draggable={Boolean(onMarkerMove) && !marker.shownOnly}
          eventHandlers={handlers({
            dragend: (point) => onMarkerMove?.(marker.id, point),
            click: marker.shownOnly ? undefined : () => onMarkerSelect?.(marker.id),
            size,
          })}
        >
          {permanentLabels ? (
            <Tooltip direction="top" permanent className={styles.label}>
              {marker.label ?? marker.name}
            </Tooltip>
          ) : (
            <Tooltip direction="top">{marker.name}</Tooltip>
          )}
        </Marker>
      ))}
      {draft ? (
        <Marker
          key={`draft:${draft.x}:${draft.y}:${draft.name}`}
          position={fractionsToLatLng(draft, size)}
          icon={markerIcon(draft.look ?? "draft")}
          title={draft.name || t("map.newPlace")}
          keyboard
          draggable={Boolean(onDraftMove)}
          zIndexOffset={1000}
          eventHandlers={handlers({ dragend: (point) => onDraftMove?.(point), size })}
        />
      ) : null}
    </>
  );
}

/** Leaflet handlers: a drop reports the marker's new place as fractions of the image. */
function handlers({
  dragend,
  click,
  size,
}: {
  dragend: (point: TFractions) => void;
  click?: () => void;
  size: TImageSize;
}): LeafletEventHandlerFnMap {
  return {
    dragend: (event) => dragend(latLngToFractions(event.target.getLatLng(), size)),
    ...(click
      ? {
          click,
          // Leaflet makes pins focusable buttons but does not activate them from the keyboard.
          keydown: (event: LeafletKeyboardEvent) => {
            const { key } = event.originalEvent;
            if (key !== "Enter" && key !== " ") return;
            event.originalEvent.preventDefault();
            click();
          },
        }
      : {}),
  };
}
