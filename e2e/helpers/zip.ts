// A ZIP archive of stored (uncompressed) entries, as a test needs to send one: no zip tool is
// installed for it. The format as APPNOTE.TXT 4.3 lays it out: a local header and the bytes of
// each entry, then the central directory and its end record.
import { crc32 } from 'node:zlib';

export function storedZip(entries: { name: string; bytes: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, bytes } of entries) {
    const fileName = Buffer.from(name, 'utf8');
    const crc = crc32(bytes);
    // version, flags (UTF-8 names), method 0, time, date, crc, sizes, name length, extra length
    const fields = (header: Buffer, at: number) => {
      header.writeUInt16LE(20, at);
      header.writeUInt16LE(0x0800, at + 2);
      header.writeUInt16LE(0, at + 4);
      header.writeUInt32LE(0, at + 6);
      header.writeUInt32LE(crc, at + 10);
      header.writeUInt32LE(bytes.length, at + 14);
      header.writeUInt32LE(bytes.length, at + 18);
      header.writeUInt16LE(fileName.length, at + 22);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    fields(local, 4);
    locals.push(local, fileName, bytes);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    fields(central, 6);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + bytes.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
