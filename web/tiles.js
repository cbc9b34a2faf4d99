// One Leaflet grid layer per map layer of /map/api/tiles: each tile's GeoJSON is fetched and drawn on the tile's own
// canvas, so the browser needs no WebGL and the server sends only what a tile shows.
{
  const { ApiProblem, getJson } = machimi.api;
  const { draw } = machimi.styles;

  const L = globalThis.L;

  const TileLayer = L.GridLayer.extend({
    options: { layer: 'scenes', filters: {}, onProblem: () => {}, onTile: () => {} },

    setFilters(filters) {
      this.options.filters = filters;
      this.redraw();
    },

    createTile(coords, done) {
      const size = this.getTileSize();
      const canvas = L.DomUtil.create('canvas', 'leaflet-tile');
      const ratio = globalThis.devicePixelRatio || 1;
      canvas.width = size.x * ratio;
      canvas.height = size.y * ratio;
      const origin = coords.scaleBy(size);
      const map = this._map;
      const toPixel = ([lon, lat]) => {
        const p = map.project([lat, lon], coords.z);
        return [(p.x - origin.x) * ratio, (p.y - origin.y) * ratio];
      };
      const { layer, filters } = this.options;
      getJson(`/map/api/tiles/${layer}/${coords.z}/${coords.x}/${coords.y}`, filters)
        .then((tile) => {
          draw(layer, canvas.getContext('2d'), tile, toPixel, { ratio, zoom: coords.z });
          this.options.onTile(layer, tile);
          done(null, canvas);
        })
        .catch((error) => {
          if (error instanceof ApiProblem) this.options.onProblem(error);
          done(error, canvas);
        });
      return canvas;
    },
  });

  machimi.tiles = { TileLayer };
}
