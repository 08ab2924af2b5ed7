/**
 * A throwaway certificate authority and a leaf certificate for the HTTPS test receiver.
 *
 * The delivery service verifies receivers against real trust roots plus one optional extra
 * CA: it reads that CA file's path from `DENO_CERT` (the variable Deno itself uses for
 * `fetch`) and adds the file to its `node:https` trust roots, because `node:https` in Deno
 * does not honour `DENO_CERT` on its own. Tests pass `caPath` as `DENO_CERT` to a service
 * process, or `caPem` directly to the HTTP client.
 *
 * A CA and a separate leaf, not one self-signed certificate: rustls refuses a CA
 * certificate used directly as the server's certificate.
 * @module
 */

/** PEM texts and the CA file's path; the files live in a temporary directory. */
export interface TestCertificates {
  caPath: string;
  caPem: string;
  certPem: string;
  keyPem: string;
}

const OPENSSL = "/usr/bin/openssl";

let generated: Promise<TestCertificates> | undefined;

/** The same certificates for the whole process: generating them costs a few openssl runs. */
export function testCertificates(): Promise<TestCertificates> {
  generated ??= generate();
  return generated;
}

async function generate(): Promise<TestCertificates> {
  const dir = await Deno.makeTempDir({ prefix: "hire-test-ca-" });
  const path = (name: string) => `${dir}/${name}`;
  await Deno.writeTextFile(
    path("leaf.ext"),
    [
      "basicConstraints = critical, CA:FALSE",
      "keyUsage = critical, digitalSignature",
      "extendedKeyUsage = serverAuth",
      "subjectAltName = DNS:localhost, DNS:receiver.test, IP:127.0.0.1, IP:::1",
      "",
    ].join("\n"),
  );
  const ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes"];
  await openssl([
    "req",
    "-x509",
    ...ec,
    "-keyout",
    path("ca.key"),
    "-out",
    path("ca.pem"),
    "-days",
    "2",
    "-subj",
    "/CN=hire test CA",
    "-addext",
    "basicConstraints=critical,CA:TRUE",
    "-addext",
    "keyUsage=critical,keyCertSign,cRLSign",
  ]);
  await openssl([
    "req",
    ...ec,
    "-keyout",
    path("leaf.key"),
    "-out",
    path("leaf.csr"),
    "-subj",
    "/CN=localhost",
  ]);
  await openssl([
    "x509",
    "-req",
    "-in",
    path("leaf.csr"),
    "-CA",
    path("ca.pem"),
    "-CAkey",
    path("ca.key"),
    "-CAcreateserial",
    "-out",
    path("leaf.pem"),
    "-days",
    "2",
    "-extfile",
    path("leaf.ext"),
  ]);
  return {
    caPath: path("ca.pem"),
    caPem: await Deno.readTextFile(path("ca.pem")),
    certPem: await Deno.readTextFile(path("leaf.pem")),
    keyPem: await Deno.readTextFile(path("leaf.key")),
  };
}

async function openssl(args: string[]): Promise<void> {
  const out = await new Deno.Command(OPENSSL, { args, stdout: "null", stderr: "piped" }).output();
  if (!out.success) {
    const stderr = new TextDecoder().decode(out.stderr);
    throw new Error(`openssl ${args[0]} failed (exit ${out.code}): ${stderr.trim()}`);
  }
}
