# Jiffy in one image: `node apps/server/src/app/main.ts` runs everything; add `--role=api` or
# `--role=worker` to split nodes (compose.yaml). Debian-based so uploads are decoded by Debian's
# ffmpeg, which gets security fixes, not the 2018 build npm ships.
FROM node:24-bookworm-slim

RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg ca-certificates \
  && rm -rf /var/lib/apt/lists/* \
  && mkdir /data && chown node:node /data

WORKDIR /app
COPY --chown=node:node . .
USER node
# The same install CI runs on a fresh clone; its postinstall builds the site, embed and kit.
RUN npm ci --no-audit --no-fund

ENV DATA_DIR=/data HOST=0.0.0.0 PORT=3000
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node itself as PID 1's child-free process: SIGTERM reaches Jiffy, which finishes its jobs.
CMD ["node", "apps/server/src/app/main.ts"]
