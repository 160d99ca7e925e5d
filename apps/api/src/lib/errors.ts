import { API_MSG } from '@repo/shared/constants/messages';

/** An error a service throws on purpose; the one error handler turns it into `{ message, code, fieldErrors }`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code: string,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string = API_MSG.badRequest, fieldErrors?: Record<string, string>) =>
  new AppError(400, message, 'BAD_REQUEST', fieldErrors);
/** A 400 about one field, shaped like a schema validation error. */
export const fieldError = (field: string, message: string) => new AppError(400, message, 'BAD_REQUEST', { [field]: message });
export const unauthorized = (message: string = API_MSG.unauthorized) => new AppError(401, message, 'UNAUTHORIZED');
export const forbidden = (message: string = API_MSG.forbidden) => new AppError(403, message, 'FORBIDDEN');
export const notFound = (message: string = API_MSG.notFound) => new AppError(404, message, 'NOT_FOUND');
export const conflict = (message: string, code = 'CONFLICT') => new AppError(409, message, code);
export const badGateway = (message: string) => new AppError(502, message, 'BAD_GATEWAY');
