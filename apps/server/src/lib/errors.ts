/** An error with an HTTP status and a `detail` for the client; thrown by services, mapped in one handler. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly code?: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(detail);
  }
}

export const badRequest = (detail: string, code?: string, extra?: Record<string, unknown>) =>
  new AppError(400, detail, code, extra);
export const unauthorized = (detail: string) => new AppError(401, detail);
export const forbidden = (detail: string) => new AppError(403, detail);
export const notFound = (detail: string) => new AppError(404, detail);
export const conflict = (detail: string, code?: string) => new AppError(409, detail, code);
export const unprocessable = (detail: string, code?: string, extra?: Record<string, unknown>) =>
  new AppError(422, detail, code, extra);
export const tooManyRequests = (detail: string) => new AppError(429, detail);
export const serviceUnavailable = (detail: string) => new AppError(503, detail);
