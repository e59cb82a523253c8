import {
  createHash,
  createPrivateKey,
  generateKeyPairSync,
  randomBytes,
  sign,
  type KeyObject,
} from 'node:crypto';

/**
 * A passkey authenticator in software, for the tests: it answers the API's options as a browser
 * with a platform authenticator would (user verified, "none" attestation, ES256), so the API's
 * real verification runs. `exportKey` hands a credential to Chromium's virtual authenticator
 * (CDP WebAuthn.addCredential), which then answers for it in the page.
 */

type CborValue = number | string | Uint8Array | CborValue[] | Map<CborValue, CborValue>;

/** The few CBOR items WebAuthn needs: integers, text, bytes, arrays and maps. */
function cbor(value: CborValue): Buffer {
  const head = (major: number, length: number) => {
    if (length < 24) return Buffer.from([(major << 5) | length]);
    if (length < 256) return Buffer.from([(major << 5) | 24, length]);
    if (length < 65536) return Buffer.from([(major << 5) | 25, length >> 8, length & 255]);
    const bytes = Buffer.alloc(5);
    bytes[0] = (major << 5) | 26;
    bytes.writeUInt32BE(length, 1);
    return bytes;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  return Buffer.concat([
    head(5, value.size),
    ...[...value].flatMap(([key, item]) => [cbor(key), cbor(item)]),
  ]);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer | Uint8Array) => Buffer.from(data).toString('base64url');

interface Credential {
  id: Buffer;
  privateKey: KeyObject;
  userHandle: string;
  rpId: string;
  counter: number;
}

export interface CeremonyOverrides {
  /** The origin the browser would write into clientDataJSON. */
  origin?: string;
  /** The relying party id the authenticator signs for. */
  rpId?: string;
  /** Whether the authenticator says the user was verified (PIN, fingerprint). */
  userVerified?: boolean;
}

export class SoftwareAuthenticator {
  readonly credentials: Credential[] = [];
  private readonly origin: string;
  private readonly rpId: string;

  constructor(origin: string, rpId = new URL(origin).hostname) {
    this.origin = origin;
    this.rpId = rpId;
  }

  /** Answers registration options (POST /api/passkeys/registration/options) with a new credential. */
  create(
    options: { challenge: string; user: { id: string }; rp: { id?: string } },
    overrides: CeremonyOverrides = {},
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const id = randomBytes(16);
    const rpId = overrides.rpId ?? this.rpId;
    const cose = cbor(
      new Map<CborValue, CborValue>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flags(overrides) | 0x40]),
      Buffer.alloc(4),
      Buffer.alloc(16),
      idLength,
      id,
      cose,
    ]);
    const clientDataJSON = Buffer.from(
      JSON.stringify({
        type: 'webauthn.create',
        challenge: options.challenge,
        origin: overrides.origin ?? this.origin,
        crossOrigin: false,
      }),
    );
    this.credentials.push({ id, privateKey, userHandle: options.user.id, rpId, counter: 0 });
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(
          cbor(
            new Map<CborValue, CborValue>([
              ['fmt', 'none'],
              ['attStmt', new Map()],
              ['authData', authData],
            ]),
          ),
        ),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** Answers authentication options with a credential (the newest unless one is named). */
  get(
    options: { challenge: string },
    overrides: CeremonyOverrides & { credentialId?: string } = {},
  ) {
    const credential = overrides.credentialId
      ? this.credentials.find((each) => b64url(each.id) === overrides.credentialId)
      : this.credentials.at(-1);
    if (!credential) throw new Error('This authenticator holds no such passkey.');
    credential.counter += 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(credential.counter);
    const authData = Buffer.concat([
      sha256(overrides.rpId ?? credential.rpId),
      Buffer.from([this.flags(overrides)]),
      counter,
    ]);
    const clientDataJSON = Buffer.from(
      JSON.stringify({
        type: 'webauthn.get',
        challenge: options.challenge,
        origin: overrides.origin ?? this.origin,
        crossOrigin: false,
      }),
    );
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientDataJSON)]),
      credential.privateKey,
    );
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** A credential as CDP's WebAuthn.addCredential takes it (base64, PKCS#8 private key). */
  exportKey(index = -1) {
    const credential = this.credentials.at(index);
    if (!credential) throw new Error('This authenticator holds no passkey.');
    return {
      credentialId: credential.id.toString('base64'),
      isResidentCredential: true,
      rpId: credential.rpId,
      privateKey: credential.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
      userHandle: Buffer.from(credential.userHandle, 'base64url').toString('base64'),
      signCount: credential.counter,
    };
  }

  /** Takes in a credential exported from elsewhere (the same key in Node and in the browser). */
  static fromKey(origin: string, key: ReturnType<SoftwareAuthenticator['exportKey']>) {
    const authenticator = new SoftwareAuthenticator(origin, key.rpId);
    authenticator.credentials.push({
      id: Buffer.from(key.credentialId, 'base64'),
      privateKey: createPrivateKey({
        key: Buffer.from(key.privateKey, 'base64'),
        format: 'der',
        type: 'pkcs8',
      }),
      userHandle: Buffer.from(key.userHandle, 'base64').toString('base64url'),
      rpId: key.rpId,
      counter: key.signCount,
    });
    return authenticator;
  }

  private flags(overrides: CeremonyOverrides) {
    // UP (user present), and UV (user verified) unless a test says otherwise.
    return 0x01 | (overrides.userVerified === false ? 0 : 0x04);
  }
}
