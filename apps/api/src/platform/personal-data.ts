import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Personal data sealed at rest (ADR 067): ID and passport details are written to the database only as AES-256-GCM
 * ciphertext under a key derived from PERSONAL_DATA_KEY, each bound to its row (the row's id is the additional
 * authenticated data), so a copy of the database, a backup or a log of its statements holds none of them, and a
 * sealed value moved to another row does not open. Layout: version (1 byte), nonce (12), tag (16), ciphertext.
 */
const VERSION = 1;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export class PersonalDataSeal {
  readonly #key: Buffer;

  constructor(secret: string) {
    this.#key = Buffer.from(hkdfSync('sha256', secret, 'staybook', 'personal-data v1', 32));
  }

  /** `value` as JSON, sealed for the row `rowId`. */
  seal(rowId: string, value: unknown): Buffer {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#key, nonce);
    cipher.setAAD(Buffer.from(rowId));
    const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
    return Buffer.concat([Buffer.from([VERSION]), nonce, cipher.getAuthTag(), body]);
  }

  /** What `seal(rowId, …)` sealed; throws when it was sealed for another row, altered, or under another key. */
  open(rowId: string, sealed: Buffer): unknown {
    if (sealed[0] !== VERSION) throw new Error('unknown personal data seal');
    const nonce = sealed.subarray(1, 1 + NONCE_BYTES);
    const tag = sealed.subarray(1 + NONCE_BYTES, 1 + NONCE_BYTES + TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', this.#key, nonce);
    decipher.setAAD(Buffer.from(rowId));
    decipher.setAuthTag(tag);
    const body = sealed.subarray(1 + NONCE_BYTES + TAG_BYTES);
    return JSON.parse(Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8'));
  }
}
