/**
 * How likely a scene in a given kind of place is to show each scenery category: place context → "category:probability".
 * A scene's chance for a category is the highest over its contexts. Seasonal and weather categories are decided by
 * the capture time instead (see seasons.ts). Unknown category ids simply never match, so a renamed category shows up
 * as a failing coverage test rather than a crash.
 */

export const PLACE_CONTEXTS = [
  'any',
  'residential',
  'suburb',
  'arterial',
  'alley',
  'downtown',
  'arcade',
  'market',
  'viaduct',
  'expressway',
  'tram',
  'rail',
  'crossing',
  'station',
  'coast',
  'port',
  'beach',
  'fishing',
  'island',
  'lighthouse',
  'river',
  'bridge',
  'canal',
  'hills',
  'steep',
  'stairs',
  'view',
  'shrine',
  'temple',
  'park',
  'old_town',
  'historic',
  'showa',
  'industrial',
  'school',
] as const;

export type PlaceContext = (typeof PLACE_CONTEXTS)[number];

const TABLE: Record<PlaceContext, string> = {
  any: `asphalt_pavement:.5 utility_poles:.4 overhead_wires:.35 road_markings:.25 drainage_gutter:.18 manhole_cover:.14
    street_lights:.16 road_signs:.12 parked_cars:.12 bicycles:.08 signboards:.08 block_wall:.08 intersection:.14
    traffic_mirror:.06 garbage_station:.03 post_box:.025 outdoor_ac_units:.05 cracked_pavement:.09 overgrown_weeds:.05
    roadside_wildflowers:.03 vending_machines:.05 metal_fence:.05 open_sky:.08 shaded_street:.05 lived_in:.04
    quiet_street:.1 apartment_building:.07 detached_houses:.08 convenience_store:.03 motorcycles:.035 road_works:.02
    construction_site:.02 vacant_lot:.025 parking_lot:.035 tsunami_evacuation_sign:.01 graffiti:.01 phone_booth:.004
    bench:.015 public_toilet:.004 bus_stop:.015 roadside_strip:.08 sidewalk:.12 crosswalk:.07 traffic_signal:.05
    guardrail:.05 potted_plants:.035 hedge:.04 street_trees:.07 concrete_pavement:.035 dead_end:.01 cluttered:.025
    tiled_roof:.05`,
  residential: `residential_street:.5 detached_houses:.5 block_wall:.3 potted_plants:.12 hedge:.15 lived_in:.15
    quiet_street:.25 garbage_station:.1 traffic_mirror:.15 roadside_strip:.3 apartment_building:.15
    wooden_apartment:.03 dead_end:.03 narrow_alley:.08 tiled_roof:.2 parking_lot:.06 post_box:.04 outdoor_ac_units:.1
    metal_fence:.08 ivy_wall:.03 small_stream:.02 roadside_shrine:.015 jizo_statue:.015 abandoned_house:.02
    vacant_lot:.05 housing_estate:.02`,
  suburb: `housing_estate:.2 apartment_building:.2 detached_houses:.4 park:.08 sidewalk:.3 street_trees:.2 open_sky:.2
    quiet_street:.3 bus_stop:.05 mountain_backdrop:.3 flower_beds:.05 residential_street:.3`,
  arterial: `wide_avenue:.5 sidewalk:.6 guardrail:.3 traffic_signal:.3 crosswalk:.3 road_markings:.6 heavy_traffic:.3
    street_trees:.35 road_signs:.35 bus_stop:.12 tactile_paving:.2 street_lights:.4 convenience_store:.08
    apartment_building:.25 high_rise_buildings:.05 pedestrian_bridge:.04 interlocking_pavers:.15 palm_trees:.02
    signboards:.2 motorcycles:.06 flower_planters:.06 bollards:.05 elevated_road:.02 ramp:.03`,
  alley: `narrow_alley:.6 potted_plants:.2 block_wall:.25 lived_in:.2 shaded_street:.15 concrete_pavement:.2 bollards:.12
    bicycles:.12 dead_end:.08 pedestrian_street:.25 drainage_gutter:.3 old_wooden_house:.08 tin_siding:.06
    cluttered:.08 outdoor_ac_units:.12`,
  downtown: `high_rise_buildings:.35 signboards:.45 lively_street:.3 sidewalk:.6 crosswalk:.3 traffic_signal:.3
    tactile_paving:.35 street_lights:.4 bicycles:.2 convenience_store:.15 heavy_traffic:.15 bus_stop:.1
    interlocking_pavers:.25 flower_planters:.1 neon_signs:.05 drinking_alley:.05 bronze_statue:.02
    pedestrian_bridge:.03 parking_lot:.08 retro_modern_building:.08 street_trees:.25 stone_paving:.04
    shopping_street:.15 cluttered:.1 bench:.04 public_toilet:.01 noren:.04 nobori_banners:.06 motorcycles:.08
    construction_site:.04 ramp:.06`,
  arcade: `covered_arcade:.7 shopping_street:.8 lively_street:.4 shuttered_street:.15 signboards:.6 nobori_banners:.25
    lanterns:.12 noren:.15 drinking_alley:.1 pedestrian_street:.5 bicycles:.3 interlocking_pavers:.3 stone_paving:.08
    retro_atmosphere:.15 neon_signs:.06 market:.08 vending_machines:.12 enamel_signs:.04 bench:.05 cluttered:.15`,
  market: `market:.7 shopping_street:.4 lively_street:.3 signboards:.3 noren:.15 lanterns:.1 cluttered:.2
    drinking_alley:.15 retro_atmosphere:.2`,
  viaduct: `under_viaduct:.7 elevated_road:.15 drinking_alley:.15 bicycles:.25 parked_cars:.15 graffiti:.06
    shaded_street:.25 cluttered:.15 retro_atmosphere:.1 railway_tracks:.1 tin_siding:.08`,
  expressway: `elevated_road:.6 under_viaduct:.2 heavy_traffic:.3 shaded_street:.15`,
  tram: `streetcar:.45 road_markings:.4`,
  rail: `railway_tracks:.5 overhead_wires:.5 metal_fence:.3 train_station:.05 nostalgic_scenery:.05`,
  crossing: `railroad_crossing:.7 railway_tracks:.6 road_signs:.3 traffic_signal:.1`,
  station: `train_station:.45 bus_stop:.35 lively_street:.25 bicycles:.35 convenience_store:.2 signboards:.3
    bronze_statue:.06 parking_lot:.1 heavy_traffic:.15 public_toilet:.06 pedestrian_bridge:.06 bench:.06
    vending_machines:.12 phone_booth:.03 ramp:.1`,
  coast: `sea_view:.45 seawall:.35 pine_trees:.12 palm_trees:.1 tsunami_evacuation_sign:.12 open_sky:.35 breakwater:.1
    rocky_shore:.05 cliff:.02 parking_lot:.06 warehouse:.05 moored_boats:.05`,
  port: `harbour:.6 warehouse:.4 brick_warehouse:.08 moored_boats:.3 breakwater:.15 wide_avenue:.15 seawall:.2
    sea_view:.4 open_sky:.3 parking_lot:.1 factory:.06 palm_trees:.08 bench:.06 stone_paving:.06 brick_paving:.06
    heavy_traffic:.06`,
  beach: `beach:.6 pine_trees:.35 sea_view:.6 seawall:.3 breakwater:.2 rocky_shore:.1 public_toilet:.06 open_sky:.4
    palm_trees:.05 parking_lot:.1 bench:.05`,
  fishing: `fishing_port:.7 moored_boats:.5 narrow_alley:.2 old_wooden_house:.25 tin_siding:.25 nostalgic_scenery:.3
    retro_atmosphere:.1 potted_plants:.2 lived_in:.3 tiled_roof:.3 roadside_shrine:.06 sea_view:.3 cluttered:.1`,
  island: `sea_view:.5 fishing_port:.3 moored_boats:.3 narrow_alley:.25 old_wooden_house:.25 tin_siding:.2
    nostalgic_scenery:.4 rocky_shore:.2 breakwater:.2 quiet_street:.45 open_sky:.4 tiled_roof:.35 lighthouse:.05
    stone_wall:.15 unpaved_road:.08 concrete_pavement:.25 bamboo_grove:.05 woodland:.15 slope_road:.2
    roadside_shrine:.06 jizo_statue:.05 overgrown_weeds:.15 run_down:.1 abandoned_house:.06 vacant_lot:.06 cliff:.06
    vending_machines:.08 pine_trees:.15 lived_in:.15 stone_steps:.05`,
  lighthouse: `lighthouse:.6 breakwater:.3 sea_view:.6 cliff:.15 rocky_shore:.3`,
  river: `river:.6 river_levee:.35 bridge:.12 street_trees:.2 bench:.06 open_sky:.3 small_stream:.05 metal_fence:.15
    guardrail:.2 moored_boats:.04 overgrown_weeds:.1`,
  bridge: `bridge:.85 river:.7 guardrail:.35 street_lights:.2 open_sky:.3 mountain_backdrop:.15`,
  canal: `canal:.7 warehouse:.35 brick_warehouse:.15 moored_boats:.25 bridge:.15 retro_modern_building:.08
    stone_paving:.08 bench:.05 street_lights:.15`,
  hills: `slope_road:.6 hillside_housing:.35 retaining_wall:.35 stone_wall:.2 winding_road:.25 handrail:.12
    anti_slip_rings:.15 hilltop_view:.15 mountain_backdrop:.2 concrete_pavement:.2 traffic_mirror:.2 guardrail:.2
    overgrown_weeds:.12 woodland:.12 cliff:.04 bamboo_grove:.04 tunnel:.01 cemetery:.02 detached_houses:.3
    open_sky:.1 narrow_alley:.1 block_wall:.2 steep_slope:.15 quiet_street:.3`,
  steep: `steep_slope:.5 anti_slip_rings:.3 handrail:.2 hilltop_view:.35 woodland:.3 winding_road:.3 retaining_wall:.35
    cliff:.08 guardrail:.3 tunnel:.03 bamboo_grove:.08 unpaved_road:.04 sea_view:.15 stone_wall:.2`,
  stairs: `outdoor_stairs:.6 stepped_slope:.35 stone_steps:.2 handrail:.55 hillside_housing:.3 retaining_wall:.3
    hilltop_view:.25 potted_plants:.15 lived_in:.15 narrow_alley:.3 pedestrian_street:.3 overgrown_weeds:.1`,
  view: `hilltop_view:.5 sea_view:.35 open_sky:.3 mountain_backdrop:.1`,
  shrine: `torii:.45 shrine_building:.35 shrine_approach:.35 stone_lantern:.3 komainu:.2 woodland:.25 large_tree:.3
    stone_steps:.25 nobori_banners:.12 lanterns:.12 stone_monument:.1 stone_paving:.15 roadside_shrine:.05
    quiet_street:.2 historic_streetscape:.05`,
  temple: `temple_building:.5 tiled_roof:.4 cemetery:.25 stone_wall:.2 stone_monument:.15 jizo_statue:.15 large_tree:.15
    stone_lantern:.15 quiet_street:.3 historic_streetscape:.08 bamboo_grove:.05 old_wooden_house:.1`,
  park: `park:.55 large_tree:.25 bench:.2 public_toilet:.12 flower_beds:.2 street_trees:.3 tree_tunnel:.12
    bronze_statue:.04 stone_monument:.05 woodland:.1 hedge:.15 shaded_street:.12 metal_fence:.15`,
  old_town: `western_style_house:.35 brick_building:.15 stone_paving:.2 brick_wall:.15 ivy_wall:.12 slope_road:.4
    historic_streetscape:.25 retro_modern_building:.12 church:.1 stone_building:.1 street_lights:.2 tiled_roof:.15
    retro_atmosphere:.2 brick_paving:.15 narrow_alley:.12 flower_planters:.1 large_tree:.08 cobblestone_setts:.08`,
  historic: `stone_building:.35 retro_modern_building:.35 brick_building:.2 western_style_house:.1 stone_paving:.25
    street_lights:.35 street_trees:.35 historic_streetscape:.25 bronze_statue:.05 church:.04 high_rise_buildings:.15
    sidewalk:.5 brick_paving:.15 cobblestone_setts:.12`,
  showa: `machiya:.15 kura_storehouse:.08 lattice_facade:.12 old_wooden_house:.25 tiled_roof:.3 wooden_apartment:.12
    tin_siding:.12 sento_bathhouse:.04 enamel_signs:.06 noren:.04 retro_atmosphere:.2 nostalgic_scenery:.15
    narrow_alley:.2 potted_plants:.15 lived_in:.2 shuttered_street:.04 run_down:.06 roadside_shrine:.04
    jizo_statue:.04 phone_booth:.02 small_stream:.04 abandoned_house:.04`,
  industrial: `factory:.5 warehouse:.35 wide_avenue:.2 heavy_traffic:.15 metal_fence:.4 tin_siding:.12 open_sky:.25
    parking_lot:.12 overgrown_weeds:.1 vacant_lot:.1 run_down:.08 graffiti:.04 cracked_pavement:.15
    construction_site:.04 elevated_road:.1 quiet_street:.15`,
  school: `metal_fence:.3 crosswalk:.3 sidewalk:.4 road_signs:.3 bollards:.1 flower_beds:.1 tactile_paving:.1`,
};

/** Parsed table: context → category id → probability. */
export function affinityTable(): Map<PlaceContext, Map<string, number>> {
  const out = new Map<PlaceContext, Map<string, number>>();
  for (const context of PLACE_CONTEXTS) {
    const entries = TABLE[context]
      .split(/\s+/)
      .filter(Boolean)
      .map((pair) => {
        const [id, p] = pair.split(':');
        return [id as string, Number(p)] as const;
      });
    out.set(context, new Map(entries));
  }
  return out;
}

/** Categories that cannot be shown together; the one with the higher chance wins. */
export const EXCLUSIVE_SETS: readonly (readonly string[])[] = [
  ['asphalt_pavement', 'concrete_pavement', 'unpaved_road'],
  ['narrow_alley', 'wide_avenue'],
  ['quiet_street', 'lively_street'],
  ['quiet_street', 'heavy_traffic'],
  ['open_sky', 'tree_tunnel'],
  ['open_sky', 'high_rise_buildings'],
];
