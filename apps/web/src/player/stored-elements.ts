/**
 * The CMI elements the server stores (player contract, POST commit); it ignores any other, so the
 * player reads and sends only these. One list, in @waypoint/domain.
 */
export { STORED_CMI_ELEMENTS as STORED_ELEMENTS } from '@waypoint/domain';
