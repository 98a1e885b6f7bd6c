/**
 * Medusa's Redis modules for the test app (ACQUIRING_TEST_REDIS=1): event bus, locking (Redis
 * provider), cache and workflow engine, as a scaled-out store runs them
 * (examples/medusa-config.redis.ts). Every key, queue and lock lives under one namespace, so
 * test runs sharing a Redis never see each other's jobs; the multi-process test passes one
 * namespace to all its instances (ACQ_REDIS_NS), and deletes it afterwards.
 */
export function redisNamespace(): string {
  // Set once per jest file (jest copies process.env per file) or per process tree. Under the jest run's
  // prefix (ACQ_REDIS_RUN, from globalSetup) when there is one, so its teardown finds the keys of files
  // run in worker processes too; the pid keeps two files started in the same millisecond apart.
  const run = process.env.ACQ_REDIS_RUN ?? `acqtest-${process.pid}`
  process.env.ACQ_REDIS_NS ??= `${run}-${process.pid}-${Date.now().toString(36)}`
  return process.env.ACQ_REDIS_NS
}

export function redisModules(redisUrl: string, ns: string) {
  const bull = { prefix: `${ns}-bull` }
  return [
    {
      resolve: "@medusajs/medusa/event-bus-redis",
      options: { redisUrl, queueName: `${ns}-events`, queueOptions: bull, workerOptions: bull },
    },
    {
      resolve: "@medusajs/medusa/locking",
      options: {
        providers: [
          {
            id: "locking-redis",
            resolve: "@medusajs/medusa/locking-redis",
            is_default: true,
            options: { redisUrl, namespace: `${ns}:lock:` },
          },
        ],
      },
    },
    { resolve: "@medusajs/medusa/cache-redis", options: { redisUrl, namespace: `${ns}:cache`, ttl: 30 } },
    {
      resolve: "@medusajs/medusa/workflow-engine-redis",
      options: {
        redis: {
          redisUrl,
          queueName: `${ns}-workflows`,
          jobQueueName: `${ns}-workflows-jobs`,
          queueOptions: bull,
          workerOptions: bull,
        },
      },
    },
  ]
}
