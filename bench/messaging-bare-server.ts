/**
 * The bare baseline for bench/messaging.ts: a plain Socket.IO server with no sign-in, database or
 * scope check. Each socket joins the room named by its handshake's `auth.user`; POST /to/<user>
 * emits the posted JSON to that room as `new-message`, the same path (an HTTP call, then one
 * user's room) as Sprout's message route.
 */
import { createServer } from "node:http";
import { Server } from "socket.io";

const http = createServer((request, response) => {
  const room = request.method === "POST" ? /^\/to\/([\w-]+)$/.exec(request.url ?? "")?.[1] : undefined;
  if (!room) {
    response.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    io.to(room).emit("new-message", JSON.parse(Buffer.concat(chunks).toString("utf8")));
    response.writeHead(201, { "content-type": "application/json" }).end("{}");
  });
});
const io = new Server(http, { path: "/socket.io", serveClient: false });
io.on("connection", (socket) => {
  const user = (socket.handshake.auth as { user?: string }).user;
  if (user) void socket.join(user);
});
http.listen(Number(process.env.PORT), "127.0.0.1");
