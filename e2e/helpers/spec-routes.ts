// The spec's routes (section 2, summarised in docs/spec.md), written out independently of the web
// build's own table so the tests catch a page the build forgot.

export const specRoutes = [
  '/next/',
  ...'map locate route nav search track fance editors nav_h5 fence4 guidScreen findcar parkingLock nursingRoom bigdata passenger'
    .split(' ')
    .map((slug) => `/next/${slug}`),
  ...Array.from({ length: 10 }, (_, i) => `/next/device/${i + 1}`),
  ...'businessProposal businessPark sanitariumCases childAndNursingCases exhibition government industry factory transportation park scenic'
    .split(' ')
    .map((slug) => `/next/solution/${slug}`),
  '/next/notice',
  '/next/about',
  '/next/business',
  '/next/cums/HarmonyNext',
  '/next/privacy',
];
