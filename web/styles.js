// How each layer's features look on a tile canvas. Colours keep 3:1 contrast with the map background.
{
  const grades = { A: '#1d4f91', B: '#2f6db5', C: '#6d8fbf', D: '#9aa7b8' };
  // One colour per ChangeStatus of the map spec (test/unit/map/web-strings.test.ts checks every status has one).
  const changeColours = { supported: '#b3261e', refuted: '#6b6b6b', unverifiable: '#b26a00', withdrawn: '#5c4d7d' };
  const amenityColours = { vending_machine: '#7b1fa2', toilet: '#00796b', bench: '#5d4037' };

  function each(tile, fn) {
    for (const feature of tile.features ?? []) fn(feature.geometry, feature.properties ?? {});
  }

  function path(ctx, coordinates, toPixel) {
    coordinates.forEach((point, i) => {
      const [x, y] = toPixel(point);
      if (i === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    });
  }

  function polygons(geometry) {
    if (geometry.type === 'Polygon') return [geometry.coordinates];
    if (geometry.type === 'MultiPolygon') return geometry.coordinates;
    return [];
  }

  function lines(geometry) {
    if (geometry.type === 'LineString') return [geometry.coordinates];
    if (geometry.type === 'MultiLineString') return geometry.coordinates;
    return [];
  }

  function dot(ctx, [x, y], radius, fill, stroke) {
    ctx.beginPath();
    ctx.arc(x, y, radius, 0, Math.PI * 2);
    ctx.fillStyle = fill;
    ctx.fill();
    if (stroke) {
      ctx.strokeStyle = stroke;
      ctx.stroke();
    }
  }

  const painters = {
    areas(ctx, tile, toPixel, { ratio }) {
      ctx.lineWidth = ratio;
      ctx.strokeStyle = '#8a7f6a';
      ctx.fillStyle = 'rgba(240, 232, 214, 0.9)';
      each(tile, (geometry) => {
        for (const rings of polygons(geometry)) {
          ctx.beginPath();
          for (const ring of rings) path(ctx, ring, toPixel);
          ctx.fill('evenodd');
          ctx.stroke();
        }
      });
    },
    streets(ctx, tile, toPixel, { ratio, zoom }) {
      ctx.lineCap = 'round';
      each(tile, (geometry, props) => {
        ctx.strokeStyle = grades[props.grade ?? props.coverage_grade] ?? grades.D;
        ctx.lineWidth = (zoom >= 15 ? 4 : 2.5) * ratio;
        for (const line of lines(geometry)) {
          ctx.beginPath();
          path(ctx, line, toPixel);
          ctx.stroke();
        }
      });
    },
    scenes(ctx, tile, toPixel, { ratio }) {
      each(tile, (geometry, props) => {
        const at = toPixel(geometry.coordinates);
        if (props.count !== undefined) {
          // Density cells: area grows with the count, so a dense block does not hide its neighbours.
          const radius = Math.min(14, 2.5 + Math.sqrt(props.count)) * ratio;
          dot(ctx, at, radius, 'rgba(214, 90, 0, 0.55)', null);
        } else {
          dot(ctx, at, 3 * ratio, '#d65a00', '#ffffff');
        }
      });
    },
    changes(ctx, tile, toPixel, { ratio }) {
      each(tile, (geometry, props) => {
        const [x, y] = toPixel(geometry.coordinates);
        const r = 6 * ratio;
        ctx.beginPath();
        ctx.moveTo(x, y - r);
        ctx.lineTo(x + r, y + r * 0.8);
        ctx.lineTo(x - r, y + r * 0.8);
        ctx.closePath();
        ctx.fillStyle = changeColours[props.status] ?? '#b3261e';
        ctx.fill();
      });
    },
    amenities(ctx, tile, toPixel, { ratio }) {
      each(tile, (geometry, props) => {
        const [x, y] = toPixel(geometry.coordinates);
        ctx.fillStyle = amenityColours[props.kind] ?? '#7b1fa2';
        ctx.fillRect(x - 3 * ratio, y - 3 * ratio, 6 * ratio, 6 * ratio);
      });
    },
    schools(ctx, tile, toPixel, { ratio }) {
      ctx.lineWidth = 2 * ratio;
      each(tile, (geometry) => dot(ctx, toPixel(geometry.coordinates), 6 * ratio, '#ffeb3b', '#1b5e20'));
    },
  };

  function draw(layer, ctx, tile, toPixel, options) {
    painters[layer]?.(ctx, tile, toPixel, options);
  }

  // The legend's classes, each a sample feature that the layer's own painter draws (so a swatch cannot drift from
  // the map) and the word that names it (a strings.js key and its values).
  const point = (properties) => ({ geometry: { type: 'Point', coordinates: [0.5, 0.5] }, properties });
  const square = {
    type: 'Polygon',
    coordinates: [
      [
        [0.1, 0.1],
        [0.9, 0.1],
        [0.9, 0.9],
        [0.1, 0.9],
        [0.1, 0.1],
      ],
    ],
  };
  const line = {
    type: 'LineString',
    coordinates: [
      [0.05, 0.5],
      [0.95, 0.5],
    ],
  };
  const legend = {
    areas: [{ word: ['layer_areas'], feature: { geometry: square } }],
    streets: Object.keys(grades).map((grade) => ({
      word: ['legend_grade', { grade }],
      feature: { geometry: line, properties: { grade } },
    })),
    scenes: [
      { word: ['legend_scene'], feature: point({}) },
      { word: ['legend_density'], feature: point({ count: 16 }) },
    ],
    changes: Object.keys(changeColours).map((status) => ({ word: [`status_${status}`], feature: point({ status }) })),
    amenities: Object.keys(amenityColours).map((kind) => ({ word: [`kind_${kind}`], feature: point({ kind }) })),
    schools: [{ word: ['layer_schools'], feature: point({}) }],
  };

  machimi.styles = { draw, changeColours, amenityColours, legend };
}
