import L from 'leaflet';

// The map's base when no tile loads (no internet, a tile server down or refused): lines of latitude and
// longitude with their degrees, under the markers, so positions and distances still read. It is drawn
// for the visible bounds only and redrawn after each move; it ships no geography (no asset to download).

/** Line spacings in degrees, finest first; the first at least MIN_GAP pixels apart is used. */
const STEPS = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20];
const MIN_GAP = 110;
const PANE = 'fleet-plain-base';
/** The corner the zoom buttons take, in pixels from the map's top left. */
const CONTROLS = { x: 56, y: 96 };

const label = (value: number, step: number, positive: string, negative: string) => {
  const decimals = step >= 1 ? 0 : Math.ceil(-Math.log10(step));
  return `${Math.abs(value).toFixed(decimals)}°${value >= 0 ? positive : negative}`;
};

/** Adds the plain base to `map`; the returned function removes it. */
export function addPlainBase(map: L.Map): () => void {
  // Above the (failing) tiles, below every marker and cluster.
  const pane = map.getPane(PANE) ?? map.createPane(PANE);
  pane.style.zIndex = '250';
  pane.style.pointerEvents = 'none';
  const renderer = L.svg({ pane: PANE });
  const layer = L.layerGroup().addTo(map);
  const line = { renderer, pane: PANE, interactive: false, color: '#b8c2cc', weight: 1, opacity: 0.9 };

  const draw = () => {
    layer.clearLayers();
    const bounds = map.getBounds();
    const west = Math.max(-180, bounds.getWest());
    const east = Math.min(180, bounds.getEast());
    const south = Math.max(-85, bounds.getSouth());
    const north = Math.min(85, bounds.getNorth());
    const perPixel = (east - west) / Math.max(1, map.getSize().x);
    const step = STEPS.find((s) => s / perPixel >= MIN_GAP) ?? STEPS[STEPS.length - 1]!;
    const text = (html: string, at: L.LatLng, anchor: L.PointExpression) => {
      // Not under the zoom buttons in the top left corner.
      const point = map.latLngToContainerPoint(at);
      if (point.x < CONTROLS.x && point.y < CONTROLS.y) return;
      L.marker(at, {
        pane: PANE,
        interactive: false,
        keyboard: false,
        icon: L.divIcon({ className: 'fleet-map-degree', html, iconSize: [64, 16], iconAnchor: anchor }),
      }).addTo(layer);
    };
    // Labels sit just inside the top and left edges.
    const topEdge = map.containerPointToLatLng([0, 4]).lat;
    const leftEdge = map.containerPointToLatLng([6, 0]).lng;
    for (let lon = Math.ceil(west / step) * step; lon <= east; lon += step) {
      L.polyline(
        [
          [south, lon],
          [north, lon],
        ],
        line,
      ).addTo(layer);
      text(label(lon, step, 'E', 'W'), L.latLng(topEdge, lon), [-4, 0]);
    }
    for (let lat = Math.ceil(south / step) * step; lat <= north; lat += step) {
      L.polyline(
        [
          [lat, west],
          [lat, east],
        ],
        line,
      ).addTo(layer);
      text(label(lat, step, 'N', 'S'), L.latLng(lat, leftEdge), [0, 16]);
    }
  };

  draw();
  map.on('moveend', draw);
  // Leaflet owns the container's classes (React would drop them on a re-render), so set it here.
  map.getContainer().classList.add('fleet-map-plain');
  return () => {
    map.off('moveend', draw);
    layer.remove();
    map.getContainer().classList.remove('fleet-map-plain');
  };
}
