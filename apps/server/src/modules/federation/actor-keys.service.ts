import { exportJwk, generateCryptoKeyPair, importJwk } from '@fedify/fedify';
import type { ActorKeyRepository } from './actor-key.repository.ts';

/**
 * Each actor's key pairs: RSA (HTTP signatures, what every server checks) and Ed25519 (object
 * proofs, for servers that read them). Made on first need and kept for good, since other
 * servers cache an actor's public key by its id.
 */
export class ActorKeysService {
  readonly #keys: ActorKeyRepository;
  constructor(keys: ActorKeyRepository) {
    this.#keys = keys;
  }

  async keyPairsOf(actor: string): Promise<CryptoKeyPair[]> {
    const row = (await this.#keys.find(actor)) ?? (await this.#make(actor));
    return Promise.all([
      pair(row.rsa_public_jwk, row.rsa_private_jwk),
      pair(row.ed25519_public_jwk, row.ed25519_private_jwk),
    ]);
  }

  async #make(actor: string) {
    const [rsa, ed25519] = await Promise.all([
      generateCryptoKeyPair('RSASSA-PKCS1-v1_5'),
      generateCryptoKeyPair('Ed25519'),
    ]);
    const text = async (key: CryptoKey) => JSON.stringify(await exportJwk(key));
    return this.#keys.insertOrKeep({
      actor,
      rsa_public_jwk: await text(rsa.publicKey),
      rsa_private_jwk: await text(rsa.privateKey),
      ed25519_public_jwk: await text(ed25519.publicKey),
      ed25519_private_jwk: await text(ed25519.privateKey),
    });
  }
}

async function pair(publicJwk: string, privateJwk: string): Promise<CryptoKeyPair> {
  return {
    publicKey: await importJwk(JSON.parse(publicJwk) as JsonWebKey, 'public'),
    privateKey: await importJwk(JSON.parse(privateJwk) as JsonWebKey, 'private'),
  };
}
