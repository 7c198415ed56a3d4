// The peer of bench/images.sh: Next.js's image optimizer with its defaults (sharp, WebP for
// browsers that accept it, the default deviceSizes/imageSizes, which include 640 and 1080).
// Only `qualities` is set: Next.js 16 accepts just q=75 unless told otherwise (15 accepts any),
// and the benchmark needs a distinct quality per cold request to miss the cache every time.
// The list may hold at most 20 entries, so the benchmark keeps to q=61..80 (warm-up uses 75 at
// another width).
module.exports = {
  images: { qualities: Array.from({ length: 20 }, (_, i) => 61 + i) },
  eslint: { ignoreDuringBuilds: true },
};
