/**
 * Medusa's Redis modules for the test app (ACQUIRING_TEST_REDIS=1): event bus, locking (Redis
 * provider), cache and workflow engine, as a scaled-out store runs them
 * (examples/medusa-config.redis.ts). Every key, queue and lock lives under one namespace, so
 * test runs sharing a Redis never see each other's jobs; the multi-process test passes one
 * namespace to all its instances (ACQ_REDIS_NS), and deletes it afterwards.
 */
/**
 * The jest run's key prefix: fixed by globalSetup in the jest process (ACQ_REDIS_RUN), so its workers
 * inherit it and globalTeardown (redis-teardown.js) clears every file's keys under it.
 */
export function redisRunPrefix(): string {
  process.env.ACQ_REDIS_RUN ??= `acqtest-${process.pid}`
  return process.env.ACQ_REDIS_RUN
}

export function redisNamespace(): string {
  // Set once per jest file (jest copies process.env per file) or per process tree; the pid keeps two
  // files started in the same millisecond in two workers apart.
  process.env.ACQ_REDIS_NS ??= `${redisRunPrefix()}-${process.pid}-${Date.now().toString(36)}`
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
