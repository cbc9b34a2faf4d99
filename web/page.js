// Names the served release until the map page replaces this placeholder.
fetch('/map/api/config')
  .then((response) => (response.ok ? response.json() : null))
  .then((config) => {
    if (config) document.getElementById('release').textContent = `${config.release_id} · ${config.license.attribution}`;
  })
  .catch(() => {});
