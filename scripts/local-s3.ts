// A local S3-compatible server (s3rver, a development dependency) for the storage tests
// and `npm run cluster`: one bucket, files under a folder of its own, on a free port.
import S3rver from "s3rver";

/** s3rver's fixed credentials. */
export const LOCAL_S3_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } as const;

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  port: number;
  /** The store going away: open connections are cut, new ones refused. */
  stop(): Promise<void>;
  /** Back on the same port with the same files. */
  start(): Promise<void>;
}

export async function startLocalS3(options: { directory: string; bucket: string; port?: number }): Promise<LocalS3> {
  let server: S3rver | undefined;
  let port = options.port ?? 0;
  const start = async () => {
    server = new S3rver({
      address: "127.0.0.1",
      port,
      silent: true,
      directory: options.directory,
      vhostBuckets: false,
      configureBuckets: [{ name: options.bucket }],
    });
    port = (await server.run()).port;
  };
  await start();
  return {
    get endpoint() {
      return `http://127.0.0.1:${port}`;
    },
    bucket: options.bucket,
    get port() {
      return port;
    },
    async stop() {
      if (!server) return;
      const { httpServer } = server;
      server = undefined;
      await new Promise<void>((resolve) => {
        httpServer.close(() => resolve());
        httpServer.closeAllConnections();
      });
    },
    start,
  };
}

/** The settings of an S3 driver on a local server, as environment variables. */
export function localS3Env(s3: LocalS3): Record<string, string> {
  return {
    STORAGE_DRIVER: "s3",
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: "us-east-1",
    S3_BUCKET: s3.bucket,
    S3_ACCESS_KEY_ID: LOCAL_S3_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: LOCAL_S3_CREDENTIALS.secretAccessKey,
    S3_FORCE_PATH_STYLE: "true",
  };
}
