import type { CatalogTemplate } from '../schemas/catalog.ts';

/** A region whose labs a panel follows. */
export type PanelRegion = 'eu' | 'uk';

/** The size of a panel: complete (premium markers included) or light. */
export type PanelSize = 'complete' | 'light';

/** Region and size of each public panel (spec 4.1), in the order the page lists regions. */
export const PANEL_KINDS: Readonly<Record<CatalogTemplate, { region: PanelRegion; size: PanelSize }>> = {
  'public-complete-eu': { region: 'eu', size: 'complete' },
  'public-light-eu': { region: 'eu', size: 'light' },
  'public-v2-complete-uk': { region: 'uk', size: 'complete' },
  'public-v2-light-uk': { region: 'uk', size: 'light' },
};

/** The regions, in the order a marker's panel line names them. */
export const PANEL_REGIONS: readonly PanelRegion[] = ['eu', 'uk'];
