/** A UUID in its text form, any letter case (ids of projects, transactions and v2 chunks as clients send them). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
