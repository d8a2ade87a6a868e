-- RMS IDs follow one grammar from now on: letters, digits, '.', '_' and '-', at most 64 characters.
-- An id made before that breaks it is an MQTT topic level that may hold a wildcard ('+', '#') or a '/':
-- the server refuses such a device's sign-in (MQTT and HTTP) and names it at every start. Nothing is
-- renamed here: the owner chooses the new id. This migration reports them once.
DO $$
DECLARE
  bad text;
BEGIN
  SELECT string_agg(quote_literal(device_id), ', ' ORDER BY id) INTO bad
  FROM rms_devices
  WHERE device_id !~ '^[A-Za-z0-9._-]{1,64}$';
  IF bad IS NOT NULL THEN
    RAISE WARNING 'RMS IDs that break the id grammar cannot connect until renamed: %', bad;
  END IF;
END $$;
