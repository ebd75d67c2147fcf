/**
 * The bare baseline for bench/realtime.ts: a plain Socket.IO server with no sign-in, rooms,
 * database or audit. POST /broadcast emits the posted JSON to every socket as `emergency-alert`,
 * so the bench measures the same path (an HTTP call, then a broadcast) as Sprout's alert route.
 */
import { createServer } from "node:http";
import { Server } from "socket.io";

const http = createServer((request, response) => {
  if (request.method !== "POST" || request.url !== "/broadcast") {
    response.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    io.emit("emergency-alert", JSON.parse(Buffer.concat(chunks).toString("utf8")));
    response.writeHead(201, { "content-type": "application/json" }).end("{}");
  });
});
const io = new Server(http, { path: "/socket.io", serveClient: false });
http.listen(Number(process.env.PORT), "127.0.0.1", () => process.send?.("listening"));
