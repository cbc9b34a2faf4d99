// Search results on the map: one numbered pin per result (the number of its line in the panel), each a keyboard-
// focusable marker that opens the scene; the view moves to show them all.
{
  const L = globalThis.L;
  let map = null;
  let group = null;
  let picked = null;

  const setMap = (next) => {
    map = next;
    group = L.layerGroup().addTo(map);
  };

  const pins = (scenes, onOpen) => {
    if (!group) return;
    group.clearLayers();
    const points = [];
    scenes.forEach((scene, index) => {
      const icon = L.divIcon({ className: 'pin', html: String(index + 1), iconSize: [24, 24] });
      const marker = L.marker([scene.lat, scene.lon], { icon, title: scene.title ?? scene.id, keyboard: true });
      marker.on('click', () => onOpen(scene.id));
      group.addLayer(marker);
      points.push([scene.lat, scene.lon]);
    });
    if (points.length) map.fitBounds(points, { padding: [40, 40], maxZoom: 16 });
  };

  const clear = () => group?.clearLayers();

  /** Marks the point the panel describes. */
  const mark = (latlng) => {
    picked?.remove();
    picked = L.circleMarker(latlng, { className: 'picked', radius: 9, weight: 3, interactive: false }).addTo(map);
  };

  machimi.pins = { setMap, pins, clear, mark };
}
