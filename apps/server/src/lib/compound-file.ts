/** Sector numbers above this one mark a chain's end or a free sector. */
const LAST_SECTOR = 0xfffffffa;
const NO_ENTRY = 0xffffffff;
/** More directory sectors than any document has; a hostile chain is not followed past it. */
const MAX_DIRECTORY_SECTORS = 4096;

/**
 * The names of the streams and storages at the top of a compound file (MS-CFB), the container
 * of Office 97-2003 documents: the directory is a chain of sectors found through the allocation
 * table, and the root's children are a tree. Null when any of it points outside the file or in
 * a loop (docs/decisions/064-upload-types.md says why no library reads this).
 */
export function readCompoundFileNames(file: Buffer): string[] | null {
  if (file.length < 512) return null;
  const shift = file.readUInt16LE(30);
  if (shift !== 9 && shift !== 12) return null;
  const sectorSize = 2 ** shift;
  const perSector = sectorSize / 4;
  const sector = (n: number) => {
    const at = (n + 1) * sectorSize;
    if (n > LAST_SECTOR || at >= file.length) return null;
    // Some writers leave the last sector short: the rest reads as zeros.
    return Buffer.concat([file.subarray(at, at + sectorSize)], sectorSize);
  };

  // Where the allocation table's sectors are: the first 109 in the header, the rest in a chain.
  const fatLength = file.readUInt32LE(44);
  if (fatLength * sectorSize > file.length) return null;
  const fat: number[] = [];
  for (let i = 0; i < 109 && fat.length < fatLength; i++) fat.push(file.readUInt32LE(76 + 4 * i));
  const difatSeen = new Set<number>();
  for (let n = file.readUInt32LE(68); fat.length < fatLength && n <= LAST_SECTOR;) {
    const difat = difatSeen.has(n) ? null : sector(n);
    if (!difat) return null;
    difatSeen.add(n);
    for (let i = 0; i < perSector - 1 && fat.length < fatLength; i++) {
      fat.push(difat.readUInt32LE(4 * i));
    }
    n = difat.readUInt32LE(sectorSize - 4);
  }
  const next = (n: number) =>
    sector(fat[Math.floor(n / perSector)] ?? NO_ENTRY)?.readUInt32LE((n % perSector) * 4);

  const entries: Buffer[] = [];
  const directorySeen = new Set<number>();
  let n: number | undefined = file.readUInt32LE(48);
  for (; n !== undefined && n <= LAST_SECTOR; n = next(n)) {
    if (directorySeen.has(n) || directorySeen.size >= MAX_DIRECTORY_SECTORS) return null;
    directorySeen.add(n);
    const directory = sector(n);
    if (!directory) return null;
    for (let at = 0; at < sectorSize; at += 128) entries.push(directory.subarray(at, at + 128));
  }
  if (n === undefined) return null;

  const root = entries[0];
  if (!root || root[66] !== 5) return null;
  const names: string[] = [];
  const walked = new Set<number>();
  const pending = [root.readUInt32LE(76)];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    const entry = entries[id];
    if (id === NO_ENTRY || !entry || walked.has(id)) continue;
    walked.add(id);
    const nameLength = Math.min(entry.readUInt16LE(64), 64);
    names.push(entry.toString('utf16le', 0, Math.max(0, nameLength - 2)));
    pending.push(entry.readUInt32LE(68), entry.readUInt32LE(72));
  }
  return names;
}
