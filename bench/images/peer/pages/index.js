import Image from 'next/image';

// One page, so that `next build` has something to build; the benchmark only calls
// /_next/image?url=%2Fphoto.png (public/photo.png, copied in by bench/images.sh).
export default function Home() {
  return (
    <main>
      <Image src="/photo.png" alt="benchmark photo" width={3000} height={2000} sizes="100vw" />
    </main>
  );
}
